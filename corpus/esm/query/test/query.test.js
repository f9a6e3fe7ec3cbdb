import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load, label } from '../src/counter.js';

test('a query in the path loads the module again, once per query', async () => {
  const fresh = await import('../src/counter.js?fresh');
  const same = await import('../src/counter.js?fresh');
  const other = await import('../src/counter.js?other');
  assert.equal(load, 1);
  assert.equal(fresh.load, 2);
  assert.equal(same, fresh);
  assert.equal(other.load, 3);
  assert.equal(label(2), 'first');
  assert.equal(fresh.label(2), 'again');
});
