const assert = require('assert');
it('formats a number', () => { assert.strictEqual(new Intl.NumberFormat('en-US').format(1234.5), '1,234.5'); });
it('adds', () => { assert.strictEqual(1 + 1, 2); });
