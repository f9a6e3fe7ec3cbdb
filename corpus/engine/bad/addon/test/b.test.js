const assert = require('assert');

describe('a test that needs the addon', () => {
  it('fails alone', () => {
    const fast = require('../lib/fast.node');
    assert.ok(fast);
  });
  it('leaves the others running', () => {
    assert.strictEqual(require('../lib/speed.js').sum([4]), 4);
  });
});
