'use strict';
function words(text, min) {
  const out = [];
  for (const w of String(text).split(/\s+/)) {
    if (w.length >= min && /^[a-z]+$/i.test(w)) out.push(w.toLowerCase());
  }
  return out;
}
module.exports = { words };
