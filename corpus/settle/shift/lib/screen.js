'use strict';
// A decision whose behaviour changes part-way through the workload: the early inputs make
// `known(word)` cheap and rarely true, the later ones make it costly and always true while
// `word.length > 40` is cheap and rarely true. The whole workload calls for the length first.

const KNOWN = new Set(['alpha', 'beta', 'gamma']);

/** Whether `word` is known: a walk over its characters first (the costly part). */
function known(word) {
  let sum = 0;
  for (let i = 0; i < word.length; i++) sum += word.charCodeAt(i);
  return sum > 0 && (KNOWN.has(word) || word.startsWith('k'));
}

/** Opportunity: accepted words are known and long. */
function accepted(word) {
  return known(word) && word.length > 40;
}

module.exports = { accepted };
