'use strict';
class Cart {
  constructor(prices) {
    this.items = [];
    this.prices = prices;
  }
  add(sku, qty = 1) {
    if (!Number.isInteger(qty) || qty <= 0) throw new RangeError('bad quantity: ' + qty);
    this.items.push({ sku, qty });
    return this;
  }
  total(coupon) {
    let sum = 0;
    for (const { sku, qty } of this.items) sum += this.prices.lookup(sku) * qty;
    if (coupon && coupon.active && sum >= coupon.min) sum -= coupon.off;
    return sum;
  }
  async checkout(pay) {
    const amount = this.total();
    if (amount === 0 || this.items.length === 0) throw new Error('empty cart');
    return pay(amount);
  }
}
module.exports = { Cart };
