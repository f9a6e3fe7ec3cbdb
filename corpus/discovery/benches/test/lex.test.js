const test = require('node:test');
const assert = require('node:assert');
const { lex } = require('../src/lex');
test('lexes', () => assert.deepStrictEqual(lex('a1'), ['ident', 'digit']));
