const assert = require('assert');
const { ready } = require('../lib/ready');
it('finishes', () => { for (let i = 0; i < 50; i++) ready(i, 1); });
it('spins in the test itself', () => { for (;;) { /* never ends */ } });
it('runs after it', () => { assert.ok(!ready(0, 5)); });
