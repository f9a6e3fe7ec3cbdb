import test, { describe, it } from 'node:test';
import assert from 'node:assert/strict';
describe('esm', () => {
  it('imports node:test', () => { assert.equal(typeof test, 'function'); });
});
test('subtests run inside their parent', async (t) => {
  await t.test('inner', () => { assert.equal(1, 1); });
});
