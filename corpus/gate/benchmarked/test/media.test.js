'use strict';
// Unit tests as most libraries write them: each type once, far too little work to time a reorder.
const test = require('node:test');
const assert = require('node:assert');
const { handling } = require('../lib/media');

const base = 'application/vnd.' + 'example.';
const expected = {
  'archive+zip': 'download', 'sheet+xml': 'convert', 'slide+xml': 'convert', 'font+woff': 'cache',
  'image+png': 'cache', 'event+json': 'stream', 'error+json': 'report', 'model+json': 'parse'
};

test('every known type has its handling', () => {
  for (const [t, h] of Object.entries(expected)) assert.strictEqual(handling(base + t), h);
});

test('an unknown type is ignored', () => {
  assert.strictEqual(handling(base + 'other+txt'), 'ignore');
});
