import assert from 'assert';
assert.ok(true);
