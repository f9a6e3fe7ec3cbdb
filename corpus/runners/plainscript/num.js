'use strict';
// A number parser with a guard sequence: signs, then digits.
function sign(c) {
  if (c === '-') return -1;
  if (c === '+') return 1;
  return 0;
}
function parse(s) {
  const k = sign(s[0]);
  const body = k === 0 ? s : s.slice(1);
  const n = Number(body);
  return k < 0 ? -n : n;
}
module.exports = { parse };
