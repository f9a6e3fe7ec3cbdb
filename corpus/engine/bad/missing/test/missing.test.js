const assert = require('assert');
it('loads the library', () => { assert.ok(require('../lib/a')); });
it('still runs the others', () => { assert.strictEqual(1 + 1, 2); });
