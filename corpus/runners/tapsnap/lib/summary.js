'use strict';
// A release summary: how each version bump is classified, an else-if ladder.
function bump(from, to) {
  const [a, b] = [from.split('.').map(Number), to.split('.').map(Number)];
  if (b[0] > a[0]) return 'major';
  else if (b[1] > a[1]) return 'minor';
  else if (b[2] > a[2]) return 'patch';
  return 'none';
}

function summary(pairs) {
  const counts = new Map();
  const seen = new Set();
  for (const [from, to] of pairs) {
    const kind = bump(from, to);
    counts.set(kind, (counts.get(kind) || 0) + 1);
    seen.add(to);
  }
  return { counts, seen, total: pairs.length, notes: 'first line\nsecond "quoted" line\n', empty: [], none: null };
}

module.exports = { bump, summary };
