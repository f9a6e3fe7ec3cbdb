'use strict';
// A grade from a score: an else-if ladder whose most frequent arm comes last.
function grade(score) {
  if (score >= 90) return 'A';
  else if (score >= 80) return 'B';
  else if (score >= 70) return 'C';
  else return 'F';
}

module.exports = { grade };
