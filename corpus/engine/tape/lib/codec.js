'use strict';
function kind(c) {
  switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
      return 'vowel';
    case ' ':
      return 'space';
    case '.':
    case ',':
      return 'punct';
    default:
      return 'other';
  }
}
function weight(c) {
  let w = 0;
  switch (kind(c)) {
    case 'vowel': w += 1;
    // falls through
    case 'space': w += 2; break;
    case 'punct': w = 5; break;
  }
  return w;
}
function summary(text) {
  const counts = {};
  for (const c of text) {
    const k = kind(c);
    counts[k] = (counts[k] || 0) + 1;
  }
  return counts;
}
module.exports = { kind, weight, summary };
