import { renderToStaticMarkup } from 'react-dom/server';
import { Price } from '../src/price';

const { Note } = require('../src/note');

test('a sale price in stock shows both prices', () => {
  expect(renderToStaticMarkup(<Price item={{ price: 10, sale: 8, stock: 3 }} />)).toBe(
    '<span class="price sale"><s>10€</s>8€</span>',
  );
});

test('out of stock or no sale shows the list price', () => {
  expect(renderToStaticMarkup(<Price item={{ price: 10, sale: 8, stock: 0 }} currency="$" />)).toBe(
    '<span class="price">10$</span>',
  );
  expect(renderToStaticMarkup(<Price item={{ price: 10, sale: 0, stock: 5 }} />)).toBe('<span class="price">10€</span>');
});

test('a note from a CommonJS module', () => {
  expect(renderToStaticMarkup(<div><Note text="hi" /><Note text="no" hidden /></div>)).toBe('<div><p role="note">hi</p></div>');
});
