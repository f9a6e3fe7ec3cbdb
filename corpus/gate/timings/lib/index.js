'use strict';
const words = Array.from({ length: 300 }, (_, i) => 'word' + i);
function known(s) {
  return words.includes(s);
}
/** The costly scan runs first; the cheap length test is usually false. */
function flagged(s) {
  return known(s) && s.length > 9;
}
module.exports = { flagged };
