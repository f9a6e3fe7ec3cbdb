'use strict';

/** Five locals read by the checks after the first. */
function wide(a, b, c, d, e) {
  if (a > 5 || b.length > 2 || c === 'x' || d.k || e > 3) return 1;
  return 0;
}

/** Three locals read by the checks after the first. */
function narrow(a, b, c) {
  return a > 5 || b.length > 2 || c === 'x';
}

module.exports = { wide, narrow };
