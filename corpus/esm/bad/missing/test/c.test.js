import assert from 'node:assert';
import { helpr } from './reexport.js';
it('never runs either', () => assert.ok(helpr()));
