const assert = require('assert');
const flagged = require('../lib');

describe('flagged', () => {
  it('throws without a node, then reports', () => {
    assert.throws(() => flagged(undefined, {}), TypeError);
    console.log('reported');
  });
  it('throws under expect too, then reports', () => {
    expect(() => flagged(null, {})).toThrow(TypeError);
    console.log('reported again');
  });
  it('is true when both hold', () => {
    assert.strictEqual(flagged({ invalid: true }, { strict: true }), true);
    assert.strictEqual(flagged({ invalid: true }, { strict: false }), false);
  });
});
