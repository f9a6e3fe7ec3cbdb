'use strict';
// Two decisions with a costly scan before a cheap, usually-false test. A test prints the source
// of `flagged`, so reordering its decision changes what the workload prints.

const WORDS = [];
for (let i = 0; i < 300; i++) WORDS.push('w' + i);

/** Costly: counts the vocabulary's words that start the note; true for nearly every note. */
function known(note) {
  let i = WORDS.length;
  let found = 0;
  while (i-- > 0) found += note.startsWith(WORDS[i]) ? 1 : 0;
  return found > 0;
}

/** Large orders with a known word. */
function flagged(order) {
  return known(order.note) && order.total > 900;
}

/** Urgent orders with a known word. */
function urgent(order) {
  return known(order.note) && order.total < 50;
}

module.exports = { flagged, urgent };
