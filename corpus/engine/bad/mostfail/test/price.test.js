const assert = require('assert');
const { label, isRound } = require('../src/price');
it('labels dollars', () => { assert.strictEqual(label(12.5, 'USD'), '$12.50'); });
it('labels euros', () => { assert.strictEqual(label(3, 'EUR'), '€3.00'); });
it('finds round amounts', () => {
  let n = 0;
  for (let a = 1; a <= 1000; a++) if (isRound(a)) n++;
  assert.strictEqual(n, 100);
});
