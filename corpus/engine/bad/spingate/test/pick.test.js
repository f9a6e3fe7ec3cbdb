'use strict';
const assert = require('assert');
const { pick } = require('../lib/pick');
const xs = Array.from({ length: 200 }, (_, i) => i);
it('picks rarely', () => {
  let n = 0;
  for (let i = 0; i < 3000; i++) if (pick(xs, i % 50 === 0)) n++;
  assert.strictEqual(n, 60);
});
it('spins forever', () => { for (;;) { /* never ends, under node too */ } });
it('still runs after the spin', () => { assert.strictEqual(pick(xs, true), true); });
