import test from 'ava';
import { one } from './helpers/one.js';
test('one', t => t.is(one(), 1));
