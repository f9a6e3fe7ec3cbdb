'use strict';
// as acorn's test/run.js: the packages by their folders, whose "main" is build output
const assert = require('assert');
const core = require('../core');
const loose = require('../loose');
let n = 0;
for (let i = 0; i < 200; i++) n += loose.letters('abc 123 xyz');
assert.strictEqual(n, 200 * 5);
assert.strictEqual(core.kind('7'), 'digit');
