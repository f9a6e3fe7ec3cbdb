import assert from 'assert';
import speed from '../lib/speed.js';

describe('an addon that does not load', () => {
  it('falls back to JavaScript', () => {
    assert.strictEqual(speed.native, false);
    assert.strictEqual(speed.sum([1, 2, 3]), 6);
  });
});
