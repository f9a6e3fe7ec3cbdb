const { test } = require('uvu');
const assert = require('uvu/assert');
const { words } = require('../src/words.js');

test.before.each(() => { globalThis.HOOKED = 'hooks.js'; });
test.after.each(() => { delete globalThis.HOOKED; });

test('sees its own hook', () => {
  assert.is(globalThis.HOOKED, 'hooks.js');
});

test('throws: a string is the message, a function a predicate', () => {
  // the string is not matched against the error's text
  assert.throws(() => words(undefined, 'x'.repeat(3)).x.y, 'must throw');
  assert.throws(() => { throw new RangeError('far'); }, (e) => e instanceof RangeError);
  assert.throws(() => { throw new Error('near'); }, /nea/);
  let failed = false;
  try { assert.throws(() => { throw new Error('near'); }, /far/); } catch (e) { failed = true; }
  assert.ok(failed);
});

test.run();
