'use strict';
const { summarize } = require('../lib/summary.js');

const order = [
  { sku: 'a1', qty: 2, price: 3 },
  { sku: 'b2', qty: 12, price: 10, heavy: false },
  { sku: 'c3', qty: 1, price: 40, heavy: true },
];

describe('summary', () => {
  it('of an order', () => {
    expect(summarize(order)).toMatchSnapshot();
    expect(summarize(order.slice(0, 1))).toMatchSnapshot('one line');
  });

  it('inline, current format', () => {
    expect({ b: [1, { c: null }], a: 'x "y"', m: new Map([['k', 1]]), f() {} }).toMatchInlineSnapshot(`
      {
        "a": "x "y"",
        "b": [
          1,
          {
            "c": null,
          },
        ],
        "f": [Function],
        "m": Map {
          "k" => 1,
        },
      }
    `);
  });

  it('throws without lines', () => {
    expect(() => summarize([])).toThrowErrorMatchingSnapshot();
  });

  it('has no stored snapshot', () => {
    expect(summarize(order).count).toMatchSnapshot();
  });
});
