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

  it('inline, DOM nodes as markup', () => {
    class Element {
      constructor(name, attribs, children) { this.name = name; this.attribs = attribs; this.children = children; }
      get nodeType() { return 1; }
      get tagName() { return this.name; }
      get attributes() { return Object.keys(this.attribs).map((k) => ({ name: k, value: this.attribs[k] })); }
      get childNodes() { return this.children; }
    }
    class Text { constructor(data) { this.data = data; } get nodeType() { return 3; } }
    class Comment { constructor(data) { this.data = data; } get nodeType() { return 8; } }
    const img = new Element('img', {}, []);
    const dom = new Element('div', { id: 'x', class: 'a' }, [new Element('p', {}, [new Text('1 < 2')]), new Comment('c'), img, new Element('br', { x: '1' }, [])]);
    expect(dom).toMatchInlineSnapshot(`
      <div
        class="a"
        id="x"
      >
        <p>
          1 &lt; 2
        </p>
        <!--c-->
        <img />
        <br
          x="1"
        />
      </div>
    `);
    expect({ n: img, list: [new Text('t')] }).toMatchInlineSnapshot(`
      {
        "list": [
          t,
        ],
        "n": <img />,
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
