const assert = require('assert');
const cli = require('../lib/cli.js');

it('reads flags without spawning', () => {
  assert.deepStrictEqual(['-v', 'x', '-', '--help'].map(cli.isFlag), [true, false, false, true]);
  assert.strictEqual(cli.main(), true);
});

it('spawns a process', () => {
  assert.strictEqual(cli.run('node'), 0);
});
