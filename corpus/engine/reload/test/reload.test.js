const assert = require('assert');
describe('reload', () => {
  it('reads the flag at load', () => {
    process.env.FLAG = '1';
    delete require.cache[require.resolve('../src/flag')];
    assert.strictEqual(require('../src/flag')(1, 2), 1);
    process.env.FLAG = '0';
    delete require.cache[require.resolve('../src/flag')];
    assert.strictEqual(require('../src/flag')(1, 2), 2);
  });
});
