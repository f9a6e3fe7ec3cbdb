// runs before hooks.js: that file's hooks are its own (uvu's `test.run()` ends a file's suite)
const { test } = require('uvu');
const assert = require('uvu/assert');
const { words } = require('../src/words.js');

test('sees no hook of another file', () => {
  assert.is(globalThis.HOOKED, undefined);
  assert.equal(words('one two three', 4), ['three']);
});

test.run();
