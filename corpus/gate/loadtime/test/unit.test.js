'use strict';
const assert = require('assert');
describe('unit', () => {
  it('adds', () => assert.strictEqual(1 + 1, 2));
});
