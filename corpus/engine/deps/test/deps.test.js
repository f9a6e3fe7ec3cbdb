const assert = require('assert');
const { run } = require('../lib/deps');
describe('deps', () => {
  it('runs', () => {
    const s = run(10);
    console.log(s);
    assert.strictEqual(typeof s, 'string');
  });
});
