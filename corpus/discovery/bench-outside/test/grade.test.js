'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { grade } = require('../lib/grade');

test('grades', () => {
  assert.deepStrictEqual([95, 80, 60, 10].map(grade), ['A', 'B', 'C', 'F']);
});
