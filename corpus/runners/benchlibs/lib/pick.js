'use strict';
/** The first of two words that is long and lower-case. */
exports.pick = (a, b) => (a.length > 3 && a === a.toLowerCase() ? a : b);
