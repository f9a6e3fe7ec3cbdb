'use strict';
// Character classes behind calls: the instrumenter cannot prove them exclusive.
function isDigit(c) { return c >= '0' && c <= '9'; }
function isUpper(c) { return c >= 'A' && c <= 'Z'; }
function isSpace(c) { return c === ' ' || c === '\t'; }

/** The class of one character; the workload is mostly blanks. */
exports.kind = function kind(c) {
  if (isDigit(c)) {
    return 'digit';
  } else if (isUpper(c)) {
    return 'upper';
  } else if (isSpace(c)) {
    return 'space';
  }
  return 'other';
};
