import { describe, expect, it } from 'vitest';
import { bindRemove, total } from '../src/cart.js';

describe('cart', () => {
  it('is rendered in a window at the configured URL', () => {
    expect(window).toBe(globalThis);
    expect(location.href).toBe('http://shop.test/cart');
    expect(document.defaultView).toBe(window);
  });

  it('totals the rows that count and drops removed ones on click', () => {
    document.body.innerHTML = `<table id="t">
      <tr data-qty="2" data-price="5"><td>a</td></tr>
      <tr data-qty="0" data-price="9"><td>b</td></tr>
      <tr data-qty="1"><td>c</td></tr>
      <tr data-qty="3" data-price="1"><td>d</td></tr>
    </table>`;
    const table = document.getElementById('t');
    expect(total(table)).toBe(13);
    bindRemove(table);
    table.querySelectorAll('td')[3].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(total(table)).toBe(10);
    expect(table.rows[0]).toBeInstanceOf(HTMLTableRowElement);
  });

  it('has the DOM fetch classes', () => {
    const headers = new Headers({ 'x-a': '1' });
    expect(headers.get('x-a')).toBe('1');
    expect(new Request('http://shop.test/api').url).toBe('http://shop.test/api');
  });
});
