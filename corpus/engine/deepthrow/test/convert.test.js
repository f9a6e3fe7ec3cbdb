'use strict';
const assert = require('assert');
const { convert } = require('../lib');

describe('convert', () => {
  it('upper-cases a key', () => {
    assert.strictEqual(convert('a'), 'A');
  });
  it('keeps an excluded key', () => {
    assert.strictEqual(convert('b', ['b']), 'b');
  });
  it('upper-cases a key again', () => {
    assert.strictEqual(convert('c'), 'C');
  });
});
