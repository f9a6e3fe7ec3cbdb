// node passes a describe's hooks a context: the test's own to beforeEach/afterEach (its mock
// tracker, its name), the suite's to before
import { describe, test, before, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';

describe('hooks get a context', () => {
  let spy;
  const seen = [];
  before((s) => { seen.push(typeof s.name); });
  beforeEach((t) => { spy = t.mock.method(Math, 'max', () => -1); seen.push(t.name); });
  afterEach((t) => { seen.push('after ' + t.name); });
  test('mocked by the hook', () => {
    assert.equal(Math.max(1, 2), -1);
    assert.equal(spy.mock.callCount(), 1);
    assert.deepEqual(seen, ['string', 'mocked by the hook']);
  });
  test('restored after the test', () => {
    assert.deepEqual(seen.slice(2), ['after mocked by the hook', 'restored after the test']);
  });
});
