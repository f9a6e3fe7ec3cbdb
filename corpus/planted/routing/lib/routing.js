'use strict';
// Order routing. Planted decisionprof project: every `&&`/`||` in this file is listed in ../expect.json.

/** True if the order passes every one of the 300 compliance rules (costly; true for 60% of orders). */
function passesRules(order, rules) {
  let failed = 0;
  for (let i = 0; i < rules.length; i++) {
    if (order.score % rules[i] === 0) failed++;
  }
  return failed === 0;
}

/** True if the customer asked for express shipping (cheap; 10% of orders). */
function isExpress(order) {
  return order.express;
}

/** True if the destination is one of the 40 zones the courier serves (a scan; 10% of orders). */
function inZone(order, zones) {
  let hit = false;
  for (let i = 0; i < zones.length; i++) {
    if (zones[i] === order.zip) hit = true;
  }
  return hit;
}

/** True if the 20-shelf local stock holds the item (a scan; 10% of orders). */
function inStock(order, shelves) {
  let hit = false;
  for (let i = 0; i < shelves.length; i++) {
    if (shelves[i] === order.sku) hit = true;
  }
  return hit;
}

/**
 * True if the order can go out by same-day courier.
 *
 * The chain below is `((a && b) && c) && d` with, per order, a = passesRules (cost ~300 branch points,
 * true 60%), b = isExpress (cost ~2, true 10%), c = inZone (cost ~40, true 10%), d = inStock (cost ~20,
 * true 10%). The values are independent, so the expected cost of an order x1 && x2 && ... is
 * c1 + p1*c2 + p1*p2*c3 + ..., and the best order is b, d, c, a (ascending cost / P(false)):
 * 2 + .1*(20 + .1*(40 + .1*300)) = 4.7 branch points per order, against 2 + .1*(40 + .1*(20 + .1*300))
 * = 6.5 for the runner-up b, c, d, a and ~304 for the original.
 * Algorithm 1 (the paper's bottom-up swaps over the left-nested tree) cannot get there: it first orders
 * (a, b) as b && a (32 < 300.2), then keeps c after that block (32 + .1*.6*40 = 34.4 < 40 + .1*32 = 43.2),
 * then puts d in front (20 + .1*34.4 = 23.4 < 34.4 + ...). Its result d && b && a && c costs 23.4: a and
 * b stay adjacent because each step can only put a whole subtree before or after the other, while the
 * optimum separates them with d and c. Exact search over the 24 permutations finds b, d, c, a.
 */
function sameDay(order, rules, zones, shelves) {
  if (passesRules(order, rules) && isExpress(order) && inZone(order, zones) && inStock(order, shelves)) return true;
  return false;
}

/** The label printed on a parcel: gift orders with a gift message say so. */
function label(order) {
  if (order.gift && order.gift.message.length > 0 && isExpress(order) && inStock(order, [order.sku])) return 'gift-express';
  return 'standard';
}

/** Splits orders into same-day and later ones, and counts the labels. */
function route(orders, rules, zones, shelves) {
  const now = [];
  const later = [];
  const labels = {};
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i];
    if (sameDay(o, rules, zones, shelves)) now.push(o.id);
    else later.push(o.id);
    const l = label(o);
    labels[l] = (labels[l] === undefined ? 0 : labels[l]) + 1;
  }
  return { now, later, labels };
}

module.exports = { passesRules, isExpress, inZone, inStock, sameDay, label, route };
