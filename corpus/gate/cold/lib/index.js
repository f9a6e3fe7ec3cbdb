'use strict';
// A check that costs: it scans the whole word list.
const words = Array.from({ length: 400 }, (_, i) => 'word' + i);
function known(s) {
  return words.includes(s);
}

/** Hot: called in a loop. The cheap length test is usually false. */
function hot(s) {
  if (known(s) && s.length > 9) return 1;
  return 0;
}

/** Cold: the same order, called three times. */
function cold(s) {
  if (known(s) && s.length > 9) return 1;
  return 0;
}

/** The rest of the workload's time: waits on the clock, whatever the engine's speed. */
function busy(ms) {
  const end = Date.now() + ms;
  let spins = 0;
  while (Date.now() < end) spins++;
  return spins > 0;
}

module.exports = { hot, cold, busy };
