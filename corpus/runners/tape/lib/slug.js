'use strict';
function slug(s) {
  let out = '';
  for (const ch of String(s).toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (out.length > 0 && out[out.length - 1] !== '-') out += '-';
  }
  return out.endsWith('-') ? out.slice(0, -1) : out;
}
module.exports = { slug };
