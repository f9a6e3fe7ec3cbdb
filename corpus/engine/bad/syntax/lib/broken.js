'use strict';
function ok(a, b) { return a && b; }
function broken( { return 1; }
module.exports = { ok, broken };
