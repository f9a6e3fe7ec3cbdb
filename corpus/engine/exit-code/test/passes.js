'use strict';
const { sum } = require('../lib/sum');
process.exitCode = sum([1, 2]) === 3 ? 0 : 1;
