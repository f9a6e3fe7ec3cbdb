'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const { kind } = require('../lib/classify.js');

test('classes of a mostly blank text', () => {
  const text = '    \t    A1  \t    x     B2   \t      ';
  const counts = {};
  for (let r = 0; r < 200; r++) {
    for (const c of text) counts[kind(c)] = (counts[kind(c)] || 0) + 1;
  }
  assert.deepStrictEqual(Object.keys(counts).sort(), ['digit', 'other', 'space', 'upper']);
});
