'use strict';
const assert = require('assert');
const { accepted } = require('../lib/screen');

function count(words) {
  let n = 0;
  for (const w of words) if (accepted(w)) n++;
  return n;
}
// short unknown words: `known` is cheap and false
const early = Array.from({ length: 3000 }, (_, i) => 'w' + (i % 10));
// long words starting with k: `known` walks 30 characters and is true, the length test false
const late = Array.from({ length: 12000 }, (_, i) => 'k' + 'x'.repeat(28) + (i % 10));

describe('screen', () => {
  it('early inputs', () => assert.strictEqual(count(early), 0));
  it('late inputs', () => assert.strictEqual(count(late), 0));
  it('inputs that change half-way', () => assert.strictEqual(count(early.concat(late)), 0));
});
