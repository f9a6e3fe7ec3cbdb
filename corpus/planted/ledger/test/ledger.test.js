'use strict';
// Workload (tape style: the global `test`) for the ledger. Each test posts a batch and compares every
// flag counter with a value computed here independently, so any reordering of a decoy shows up.
const ledger = require('../lib/ledger');

/** A generator of integers in [0, n) from `seed` (Park–Miller). */
function rng(seed) {
  let s = seed;
  return (n) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

const LISTED = [];
for (let i = 0; i < 200; i++) LISTED.push('C' + i);
LISTED[196] = 'EUR';
LISTED[197] = 'USD';
LISTED[198] = 'GBP';
LISTED[199] = 'RUB';
const SANCTIONS = new Map([['RUB', true], ['XXX', true], ['EUR', false]]);

/** `n` entries with unique ids, amounts 1..1000; EUR 40%, USD 30%, GBP 20%, RUB 3%, others 7%. */
function makeEntries(seed, n) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = next(100);
    let cur = 'C' + next(200);
    if (r < 40) cur = 'EUR';
    else if (r < 70) cur = 'USD';
    else if (r < 90) cur = 'GBP';
    else if (r < 93) cur = 'RUB';
    out.push({ id: 1000 * seed + i, amount: 1 + next(1000), currency: cur });
  }
  return out;
}

/** The flag counters the ledger must report, computed directly from their definitions. */
function expectedFlags(entries) {
  const f = { budget: 0, full: 0, often: 0, journal: 0, hot: 0, sanctioned: 0 };
  let total = 0;
  const uses = new Map();
  entries.forEach((e, i) => {
    total += e.amount;
    if (total > 150000) f.budget++;
    if (i + 1 >= 300) f.full++;
    if (i + 1 > 300) f.often++;
    if (i + 1 > 350) f.journal++;
    const u = (uses.has(e.currency) ? uses.get(e.currency) : 0) + 1;
    uses.set(e.currency, u);
    if (u > 100) f.hot++;
    if (e.currency === 'RUB') f.sanctioned++;
  });
  return f;
}

const BATCHES = [];
for (let b = 0; b < 6; b++) BATCHES.push(makeEntries(3 + b, 400));

/** Posts a batch and checks every counter and the global total. */
function checkBatch(t, entries) {
  const state = ledger.run(entries, LISTED, SANCTIONS);
  const want = expectedFlags(entries);
  t.deepEqual(state.flags, want, 'flag counters');
  t.equal(globalThis.ledgerAudited, entries.reduce((s, e) => s + e.amount, 0), 'audited total');
  t.equal(state.session.size(), entries.length, 'session size');
  t.equal(state.journal.length, entries.length, 'journal length');
  t.equal(state.account.inspections, entries.length, 'inspections');
}

test('posts the first batch', (t) => {
  checkBatch(t, BATCHES[0]);
  t.end();
});

test('posts the second batch', (t) => {
  checkBatch(t, BATCHES[1]);
  t.end();
});

test('posts the third batch', (t) => {
  checkBatch(t, BATCHES[2]);
  t.end();
});

test('posts the fourth batch', (t) => {
  checkBatch(t, BATCHES[3]);
  t.end();
});

test('posts two batches back to back', (t) => {
  checkBatch(t, BATCHES[4]);
  checkBatch(t, BATCHES[5]);
  t.end();
});

test('flags sanctioned currencies only when listed', (t) => {
  t.plan(3);
  const state = ledger.createState(LISTED, SANCTIONS);
  ledger.post(state, { id: 1, amount: 5, currency: 'RUB' });
  ledger.post(state, { id: 2, amount: 5, currency: 'XXX' });
  ledger.post(state, { id: 3, amount: 5, currency: 'EUR' });
  t.equal(state.flags.sanctioned, 1);
  t.equal(state.flags.budget, 0);
  t.equal(globalThis.ledgerAudited, 15);
});
