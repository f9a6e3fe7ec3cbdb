'use strict';
function ready(n) { return n > 0 && n < 100; }
function spin() {
  let i = 0;
  for (;;) { if (i >= 0 || ready(i)) i++; }
}
module.exports = { ready, spin };
