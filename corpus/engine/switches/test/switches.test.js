const assert = require('assert');
const lib = require('../lib');

// the discriminants both switches see, each with the clause it reaches
const CASES = [
  ['a', 'letter'], [1, 'one'], ['1', 'other'], [-2, 'minus two'], ['t', 'template'],
  [null, 'null'], [undefined, 'other'], [true, 'true'], [0, 'zero'], [-0, 'zero'], [NaN, 'other'],
];

it('literal', () => {
  for (const [x, want] of CASES) assert.strictEqual(lib.literal(x), want);
});
it('opened', () => {
  for (const [x, want] of CASES) assert.strictEqual(lib.opened(x), want);
});
it('no default', () => {
  assert.strictEqual(lib.noDefault('x'), 'xy');
  assert.strictEqual(lib.noDefault('y'), 'noney');
  assert.strictEqual(lib.noDefault('z'), 'none');
});
it('recursion', () => { assert.strictEqual(lib.depth(5), 5); });
