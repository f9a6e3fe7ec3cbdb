'use strict';
// Workload (mocha style) for the record processor.
const assert = require('assert');
const records = require('../lib/records');

/** A generator of integers in [0, n) from `seed` (Park–Miller). */
function rng(seed) {
  let s = seed;
  return (n) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

const WORDS = ['order', 'refund', 'invoice', 'credit', 'debit', 'note', 'memo', 'fee'];

/** `n` records: 5% corrupted (bad magic byte and checksum), 10% version 2, 70% mention 'refund'. */
function makeRecords(seed, n) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const bytes = [0x7f, next(10) === 0 ? 2 : 1];
    for (let k = 2; k < 120; k++) bytes.push(next(256));
    let sum = 0;
    bytes.forEach((b) => { sum = (sum + b) % 256; });
    if (next(20) === 0) {
      bytes[0] = 0x3c;
      sum = (sum + 1) % 256;
    }
    const words = [];
    for (let k = 0; k < 79; k++) words.push(WORDS[next(WORDS.length) === 1 ? 0 : 2 + next(6)]);
    words.push(next(10) < 7 ? 'refund' : 'order');
    out.push({
      id: i, bytes, sum, words, day: next(100), amount: 1 + next(500),
      owner: next(3) === 0 ? undefined : { name: 'user' + next(5) },
      notes: next(4) === 0 ? 'none' : [next(3)].filter((x) => x > 0),
    });
  }
  return out;
}

/** `n` amount strings: 5% not numeric, 60% negative. */
function makeInputs(seed, n) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = next(100);
    const digits = String(100000 + next(900000)) + String(next(1000000));
    out.push(r < 5 ? 'n/a ' + digits : (r < 65 ? '-' + digits : digits));
  }
  return out;
}

const RECORDS = [makeRecords(2, 500), makeRecords(4, 500), makeRecords(6, 500), makeRecords(8, 2000)];
const INPUTS = [makeInputs(3, 500), makeInputs(5, 500), makeInputs(7, 2000)];

/** Expected values, computed once from the fixtures' own fields. */
function expectV2(recs) {
  return recs.filter((r) => r.bytes[0] === 0x7f).filter((r) => r.bytes[1] === 2).length;
}
function expectRejected(inputs) {
  return inputs.filter((s) => s.startsWith('n/a') ? true : s.startsWith('-')).length;
}
function expectRefunds(recs, now) {
  return recs.filter((r) => r.words[79] === 'refund').filter((r) => now - r.day <= 10)
    .reduce((s, r) => s + r.amount, 0);
}

describe('records', function () {
  describe('decoding', function () {
    RECORDS.forEach((recs, i) => {
      const want = expectV2(recs);
      it('counts version-2 records of set ' + i, function () {
        assert.strictEqual(records.countV2(recs), want);
      });
    });
    it('rejects a corrupted header when decoded directly', function () {
      const bad = RECORDS[0].filter((r) => r.bytes[0] !== 0x7f)[0];
      assert.throws(() => records.decodeHeader(bad), /bad magic byte/);
      assert.strictEqual(records.checksumOk(bad), false);
    });
  });

  describe('amounts', function () {
    INPUTS.forEach((inputs, i) => {
      const want = expectRejected(inputs);
      it('rejects bad and negative amounts of set ' + i, function () {
        assert.strictEqual(records.countRejected(inputs), want);
      });
    });
  });

  describe('refunds', function () {
    RECORDS.forEach((recs, i) => {
      const want = expectRefunds(recs, 95);
      it('sums the recent refunds of set ' + i, function () {
        assert.strictEqual(records.recentRefunds(recs, 95), want);
      });
    });
  });

  describe('guards and defaults', function () {
    it('counts owners, notes and accepted records', function () {
      const recs = RECORDS[1];
      const owners = recs.filter((r) => r.owner !== undefined);
      assert.strictEqual(records.ownedBy(recs, 'user1'), owners.filter((r) => r.owner.name === 'user1').length);
      assert.strictEqual(records.withNotes(recs), recs.filter((r) => Array.isArray(r.notes)).filter((r) => r.notes.length > 0).length);
      assert.strictEqual(records.countAccepted(recs, (r) => r.amount > 250), recs.filter((r) => r.amount > 250).length);
      assert.strictEqual(records.countAccepted(recs, null), 0);
    });
    it('formats with and without options', function () {
      const recs = RECORDS[2].slice(0, 3);
      assert.strictEqual(records.format(recs, {}), 'records: 0,1,2');
      assert.strictEqual(records.format(recs, { sep: ';', label: 'ids' }), 'ids: 0;1;2');
    });
  });
});
