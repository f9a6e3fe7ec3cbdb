'use strict';
exports.pick = (a, b) => (a.length > 3 && b.length > 3 ? a : b);
