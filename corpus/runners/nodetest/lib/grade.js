'use strict';
function grade(score, bonus) {
  if (score > 90 && bonus !== undefined && bonus.active) return 'A+';
  if (score > 90 || (bonus && bonus.points > 50)) return 'A';
  return score > 50 ? 'B' : 'C';
}
module.exports = { grade };
