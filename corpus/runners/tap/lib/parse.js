'use strict';
function parsePair(s) {
  const i = s.indexOf('=');
  if (i <= 0 || i === s.length - 1) throw new SyntaxError('bad pair: ' + s);
  return { key: s.slice(0, i).trim(), value: s.slice(i + 1).trim() };
}
function parseAll(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim()[0] === '#') continue;
    const { key, value } = parsePair(line);
    out[key] = /^\d+$/.test(value) && value.length < 16 ? Number(value) : value;
  }
  return out;
}
async function load(read) {
  const text = await read();
  return parseAll(text);
}
module.exports = { parsePair, parseAll, load };
