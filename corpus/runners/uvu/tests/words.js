const { test, suite } = require('uvu');
const assert = require('uvu/assert');
const { words } = require('../src/words.js');

test('splits and filters', () => {
  assert.equal(words('The cat sat on a mat2', 3), ['the', 'cat', 'sat']);
  assert.is(words('', 1).length, 0);
  assert.not.ok(words('x', 2).length);
});

const Long = suite('long words', { min: 5 });
Long.before.each((ctx) => { ctx.seen = (ctx.seen || 0) + 1; });
Long('keeps long ones', (ctx) => {
  assert.equal(words('tiny enormous gigantic', ctx.min), ['enormous', 'gigantic']);
  assert.type(ctx.seen, 'number');
});
Long('throws nothing', () => {
  assert.not.throws(() => words(null, 1));
});

test.run();
Long.run();
