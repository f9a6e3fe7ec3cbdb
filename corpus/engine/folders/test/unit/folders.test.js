'use strict';
const assert = require('assert');
it('.. names the folder above, not a file of its name', () => {
  const up = require('..');
  console.log(up.from, up.here);
  assert.strictEqual(up.from, 'the folder test/');
});
it('../.. names the package, through its main', () => {
  const lib = require('../..');
  console.log(lib.from, lib.parts.from);
  assert.strictEqual(lib.parts.from, 'the folder lib/parts/');
});
it('a path without a slash still tries the file first', () => {
  assert.strictEqual(require('../../lib/parts').from, 'the file lib/parts.js');
});
