import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import grade from '../dist/index.mjs';

const require = createRequire(import.meta.url);

test('require() of the CommonJS build gives its function', () => {
  const fromRequire = require('../');
  assert.equal(typeof fromRequire, 'function');
  assert.equal(fromRequire(95), 'A');
  assert.equal(grade(40), 'fail');
});
