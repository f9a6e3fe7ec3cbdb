'use strict';
const assert = require('assert');
const { amount, due, items } = require('../lib/label');

const day = new Date(Date.UTC(2024, 0, 15, 13, 5, 9));

describe('Intl', () => {
  it('formats dates', () => {
    assert.strictEqual(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(day), '1/15/2024');
    assert.strictEqual(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(day), 'Jan 15, 2024');
    assert.strictEqual(
      new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hour12: false }).format(day),
      '13:05'
    );
    assert.strictEqual(day.toLocaleDateString('en-US', { timeZone: 'UTC' }), '1/15/2024');
  });
  it('formats numbers', () => {
    assert.strictEqual(new Intl.NumberFormat('en-US').format(1234567.891), '1,234,567.891');
    assert.strictEqual(new Intl.NumberFormat('de-DE').format(1234567.891), '1.234.567,891');
    assert.strictEqual(new Intl.NumberFormat('en-US', { style: 'percent' }).format(0.256), '26%');
    assert.strictEqual(new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(3.14159), '3.1');
    assert.strictEqual((1234.5).toLocaleString('en-US'), '1,234.5');
  });
  it('picks plural forms and sorts by locale', () => {
    assert.deepStrictEqual([1, 2].map((n) => new Intl.PluralRules('en-US').select(n)), ['one', 'other']);
    assert.deepStrictEqual(['b', 'a', 'C'].sort(new Intl.Collator('en').compare), ['a', 'b', 'C']);
  });
  it('labels invoice lines', () => {
    const us = { currency: 'USD', locale: 'en-US' };
    const gb = { currency: 'GBP', locale: 'en-GB' };
    for (let i = 0; i < 20; i++) {
      assert.strictEqual(amount(us, 1234.5), '$1,234.50');
      assert.strictEqual(amount(gb, 1234.5), '1,234.5');
      assert.strictEqual(due(us, day), 'Jan 15, 2024');
      assert.strictEqual(due(gb, day), '15 January 2024');
      assert.strictEqual(items(1), '1 item');
      assert.strictEqual(items(3), '3 items');
    }
  });
});
