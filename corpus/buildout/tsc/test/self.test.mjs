import assert from 'assert';
import { shipping } from 'buildout-tsc';

describe('shipping (the package by its own name)', function () {
  it('small orders pay full', function () {
    assert.strictEqual(shipping({ total: 10, items: 1, customer: 'alan' }), 5);
  });
});
