"use strict";
module.exports = function grade(score) {
  if (score >= 90 && score <= 100) return 'A';
  return score >= 50 || score === -1 ? 'pass' : 'fail';
};
