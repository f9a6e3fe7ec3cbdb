'use strict';
exports.ready = function (n, m) { return n > 1 && m < 2; };
