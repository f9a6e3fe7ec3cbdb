'use strict';
// Labels for an invoice line: the amount in the customer's currency, the due date, and how
// many items, each chosen by a guard sequence over the customer's settings.
const money = {
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  EUR: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }),
};
const plural = new Intl.PluralRules('en-US');

function amount(customer, value) {
  if (customer.currency === 'EUR') return money.EUR.format(value);
  if (customer.currency === 'USD') return money.USD.format(value);
  return value.toLocaleString('en-US');
}

function due(customer, date) {
  if (customer.locale === 'en-GB') {
    return date.toLocaleDateString('en-GB', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  }
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(date);
}

function items(n) {
  return plural.select(n) === 'one' ? `${n} item` : `${n} items`;
}

module.exports = { amount, due, items };
