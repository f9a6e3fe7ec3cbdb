'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { pick } = require('../index');
test('picks the first long one', () => assert.strictEqual(pick('abcd', 'efgh'), 'abcd'));
