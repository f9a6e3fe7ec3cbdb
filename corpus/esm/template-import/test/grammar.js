'use strict';
const assert = require('assert');
const { imports } = require('../lib/pick');

const grammar = `
import foo from './foo.js'
import { bar } from "./bar.js"
start = foo bar
`;
assert.strictEqual(imports(grammar), 2);
assert.strictEqual(typeof module.exports, 'object');
