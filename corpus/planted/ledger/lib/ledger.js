'use strict';
// A toy ledger. Planted decisionprof project: every `&&`/`||` in this file is listed in ../expect.json.
//
// Every decoy below has the same tempting shape: `costly() && cheap()`, where costly() is a scan that
// is (almost) always true and cheap() is usually false, so putting cheap() first looks like a big win.
// But costly() writes state that cheap() reads, so the order is part of the meaning: with cheap() first,
// the state is never updated and the results change (the workload asserts them). decisionprof must see
// the conflict (dynamic pruning) or, failing that, the failing workload (validation).

/** Budget of audited amounts before entries are flagged. */
const BUDGET = 150000;

// The audited total lives in a global variable (not declared in this module).
globalThis.ledgerAudited = 0;

/** Audits an entry against 100 rules and adds its amount to the global total (costly, writes a global). */
function audit(entry) {
  let ok = true;
  for (let r = 0; r < 100; r++) {
    if (entry.amount === -r) ok = false;
  }
  ledgerAudited = ledgerAudited + entry.amount;
  return ok;
}

/** True once the global audited total is over budget (cheap, reads the global). */
function overBudget() {
  return ledgerAudited > BUDGET;
}

/** A session remembering posted ids; its counter is a closure variable. */
function makeSession(cap) {
  let count = 0;
  const window = [];
  for (let i = 0; i < 60; i++) window.push(-1 - i);
  return {
    /** Scans the window for the id and counts the posting (costly, writes the closure variable). */
    remember(id) {
      let dup = false;
      for (let i = 0; i < window.length; i++) {
        if (window[i] === id) dup = true;
      }
      count++;
      return !dup;
    },
    /** True once `cap` postings were counted (cheap, reads the closure variable). */
    isFull() {
      return count >= cap;
    },
    /** Postings counted so far. */
    size() {
      return count;
    },
  };
}

/** Inspects an account's 80 limits and counts the inspection on the account (costly, writes a property). */
function inspect(acct) {
  let ok = true;
  for (let i = 0; i < acct.limits.length; i++) {
    if (acct.limits[i] < 0) ok = false;
  }
  acct.inspections = acct.inspections + 1;
  return ok;
}

/** True if the account was inspected more than 300 times (cheap, reads the property). */
function inspectedOften(acct) {
  return acct.inspections > 300;
}

/** Appends an entry to the journal after a 50-line duplicate scan (costly, pushes to an array). */
function record(journal, entry) {
  let dup = false;
  const from = journal.length > 50 ? journal.length - 50 : 0;
  for (let i = from; i < journal.length; i++) {
    if (journal[i] === entry.id) dup = true;
  }
  journal.push(entry.id);
  return !dup;
}

/** True if the journal holds more than 350 lines (cheap, reads the array's length). */
function journalFull(journal) {
  return journal.length > 350;
}

/** Converts an entry after a 60-step rate computation, counting uses per currency (writes a Map). */
function convert(uses, entry) {
  let rate = 1;
  for (let i = 0; i < 60; i++) rate = (rate * 31 + i) % 1009;
  const seen = uses.get(entry.currency);
  uses.set(entry.currency, seen === undefined ? 1 : seen + 1);
  return rate >= 0;
}

/** True if a currency was converted more than 100 times (cheap, reads the Map). */
function isHot(uses, cur) {
  const n = uses.get(cur);
  return n !== undefined ? n > 100 : false;
}

/** True if the currency is one of the listed ones (costly: a 200-entry scan; true for most entries). */
function isListed(listed, cur) {
  let hit = false;
  for (let i = 0; i < listed.length; i++) {
    if (listed[i] === cur) hit = true;
  }
  return hit;
}

/** True if the currency is sanctioned (cheap Map read; false for most entries). */
function isSanctioned(sanctions, cur) {
  return sanctions.get(cur) === true;
}

/** A fresh ledger state. */
function createState(listed, sanctions) {
  globalThis.ledgerAudited = 0;
  return {
    session: makeSession(300),
    account: { limits: new Array(80).fill(5), inspections: 0 },
    journal: [],
    uses: new Map(),
    listed,
    sanctions,
    flags: { budget: 0, full: 0, often: 0, journal: 0, hot: 0, sanctioned: 0 },
  };
}

/** Posts one entry, updating the flag counters. */
function post(state, entry) {
  const cur = entry.currency;
  const session = state.session;
  const acct = state.account;
  const journal = state.journal;
  const uses = state.uses;
  const listed = state.listed;
  const sanctions = state.sanctions;
  const flags = state.flags;
  // Decoy: audit() writes a global that overBudget() reads.
  if (audit(entry) && overBudget()) flags.budget++;
  // Decoy: remember() writes a closure variable that isFull() reads.
  if (session.remember(entry.id) && session.isFull()) flags.full++;
  // Decoy: inspect() writes a property that inspectedOften() reads.
  if (inspect(acct) && inspectedOften(acct)) flags.often++;
  // Decoy: record() pushes to the array whose length journalFull() reads.
  if (record(journal, entry) && journalFull(journal)) flags.journal++;
  // Decoy: convert() writes the Map that isHot() reads.
  if (convert(uses, entry) && isHot(uses, cur)) flags.hot++;
  // Opportunity: both checks only read shared data (an array and a Map), so the order is free.
  if (isListed(listed, cur) && isSanctioned(sanctions, cur)) flags.sanctioned++;
}

/** Posts every entry into a fresh state and returns the state. */
function run(entries, listed, sanctions) {
  const state = createState(listed, sanctions);
  for (let i = 0; i < entries.length; i++) post(state, entries[i]);
  return state;
}

module.exports = {
  audit, overBudget, makeSession, inspect, inspectedOften, record, journalFull, convert, isHot, isListed,
  isSanctioned, createState, post, run,
};
