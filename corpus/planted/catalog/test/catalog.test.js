'use strict';
// Workload (mocha style) for the catalog: every test runs search, visible, bundles and labels.
const assert = require('assert');
const catalog = require('../lib/catalog');
const data = require('./support/data');

const BLOCKED = data.blocked();
// Fixtures are built once, at load time, so that the tests time the catalog rather than the generator.
const FIXTURES = {};
[11, 23, 37, 41, 53, 61, 73, 89].forEach((seed) => {
  FIXTURES[seed] = data.products(seed, 300);
});

/** Runs every query of the catalog over one fixture and checks each result against its definition. */
function exercise(seed, term, lo, hi) {
  const products = FIXTURES[seed];
  const found = catalog.search(products, term, lo, hi);
  const wider = catalog.search(products, term, lo, hi + 100);
  assert.ok(wider.length >= found.length);
  found.forEach((id) => {
    const p = products[id];
    assert.ok(catalog.termCount(p, term) > 0, 'term present');
    assert.ok(p.price >= lo, 'price above low bound');
    assert.ok(p.price <= hi, 'price below high bound');
  });
  const inBand = products.filter((p) => catalog.inPriceRange(p, lo, hi));
  const missed = inBand.filter((p) => found.indexOf(p.id) < 0);
  missed.forEach((p) => assert.strictEqual(catalog.termCount(p, term), 0));
  const shown = catalog.visible(products, BLOCKED);
  shown.forEach((id) => {
    assert.strictEqual(products[id].status, 'active');
    assert.strictEqual(BLOCKED.indexOf(products[id].vendor), -1);
  });
  const b = catalog.bundles(products);
  b.forEach((id) => assert.ok(products[id].sale > 0));
  return { products, found, shown, b };
}

describe('catalog', function () {
  it('finds lamps in a narrow price band', function () {
    const r = exercise(11, 'lamp', 100, 180);
    assert.ok(r.found.length > 0);
  });

  it('finds oak items in a narrow price band', function () {
    const r = exercise(23, 'oak', 500, 560);
    assert.ok(r.shown.length > 0);
  });

  it('finds red items at the cheap end', function () {
    exercise(37, 'red', 0, 90);
  });

  it('finds desks at the expensive end', function () {
    exercise(41, 'desk', 900, 999);
  });

  it('finds nothing for an empty price band', function () {
    const r = exercise(53, 'mug', 700, 600);
    assert.deepStrictEqual(r.found, []);
  });

  it('labels products with aliases first', function () {
    const r = exercise(61, 'bowl', 300, 360);
    const labels = catalog.labels(r.products, data.aliases(300, 120));
    assert.strictEqual(labels.length, 300);
    assert.strictEqual(labels[0], 'alias-0');
    assert.strictEqual(labels[10], 'alias-10');
    assert.strictEqual(labels[1], 'produc');
    assert.strictEqual(labels[299], 'produc');
  });

  it('filters by tag and pages results', function () {
    const r = exercise(73, 'sofa', 200, 260);
    const ids = catalog.tagged(r.products, 'sofa');
    ids.forEach((id) => assert.ok(r.products[id].tags.indexOf('sofa') >= 0));
    assert.strictEqual(catalog.page(r.shown, {}).length, Math.min(20, r.shown.length));
    assert.strictEqual(catalog.page(r.shown, { size: 3 }).length, Math.min(3, r.shown.length));
  });

  it('answers a batch of queries over every fixture', function () {
    let total = 0;
    Object.keys(FIXTURES).slice(0, 3).forEach((seed) => {
      data.VOCAB.slice(0, 2).forEach((term, k) => {
        total += exercise(Number(seed), term, 100 * k, 100 * k + 60).found.length;
      });
    });
    assert.ok(total > 0);
  });

  it('is stable across repeated queries', function () {
    const a = exercise(89, 'clock', 400, 470);
    const b = exercise(89, 'clock', 400, 470);
    assert.deepStrictEqual(a.found, b.found);
    assert.deepStrictEqual(a.shown, b.shown);
  });
});
