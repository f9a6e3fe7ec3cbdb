'use strict';
// the addon when it loads, the JavaScript version otherwise
let fast = null;
try {
  fast = require('./fast.node');
} catch (e) {
  fast = null;
}
function sum(xs) {
  if (fast !== null && typeof fast.sum === 'function') return fast.sum(xs);
  let total = 0;
  for (const x of xs) total += x;
  return total;
}
module.exports = { sum, native: fast !== null };
