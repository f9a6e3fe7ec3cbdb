'use strict';
const { sum } = require('../lib/sum');
// a check that is wrong on purpose: the script says so through its exit code, not a throw
if (sum([1, 2, 'x', NaN]) !== 4) {
  console.error('sum: expected 4');
  process.exitCode = 1;
}
