import assert from 'node:assert';
it('still runs', () => assert.strictEqual(1 + 1, 2));
