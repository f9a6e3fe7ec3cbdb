const test = require('node:test');
const assert = require('node:assert');

const ascii = [];
for (let c = 32; c < 127; c++) ascii.push(String.fromCharCode(c));
const words = [
  'a a', 'a_b', 'a-c', "a'd", 'a.e', 'a,f', 'a b', 'ab', 'Ab', 'aB', 'AB', 'abc', 'a',
  'résumé', 'resume', 'Resume', 'résume', 'rèsumé', 'cote', 'coté', 'côte', 'côté',
  'Æsir', 'aesir', 'straße', 'strasse', 'Strasse', 'Øre', 'ore', 'Ore', 'łódź', 'lodz',
  'naïve', 'naive', 'Zoë', 'zoe', 'élan', 'Elan', 'eclair', 'éclair', 'Ångström', 'angstrom',
  'item 10', 'item 2', 'item1', 'item-1', 'v1.10', 'v1.9', '007', '7', '0.5', '-1',
  '$5', '#tag', '@user', '~home', 'α', 'Ωmega', 'я', 'Ё', '中文', '', ' ',
];

function order(list, locales, options) {
  return list.slice().sort((x, y) => x.localeCompare(y, locales, options) || (x < y ? -1 : x > y ? 1 : 0));
}

test('ASCII characters sort as node sorts them', () => {
  console.log(JSON.stringify(order(ascii)));
  assert.strictEqual(order(ascii).length, 95);
});

test('words sort as node sorts them, with every option', () => {
  for (const options of [undefined, { numeric: true }, { sensitivity: 'base' }, { sensitivity: 'accent' }, { sensitivity: 'case' }]) {
    console.log(JSON.stringify(options), JSON.stringify(order(words, 'en', options)));
  }
  const signs = [];
  for (const a of words.slice(0, 24)) for (const b of words.slice(0, 24)) signs.push(Math.sign(a.localeCompare(b)));
  console.log(signs.join(''));
  assert.strictEqual('a'.localeCompare('B'), -1);
});
