'use strict';
const assert = require('assert');

describe('errors thrown in lib/index.js', () => {
  it('name the lines they name in the original', () => {
    // each entry: a kind, or the lines of the throwing frame and of its caller
    assert.deepStrictEqual(require('../lib'), ['number', '20,33', 'array', 'null', '27,33', 'object', '20,53']);
  });
});
