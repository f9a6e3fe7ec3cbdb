const assert = require('assert');
const lib = require('../lib');

it('wide', () => { assert.strictEqual(lib.wide(9, 'ab', 'x', { k: 1 }, 2), 1); });
it('narrow', () => { assert.strictEqual(lib.narrow(9, 'abc', 'y'), true); });
