'use strict';
const assert = require('assert');
const lib = require('../lib/arms');

// Park–Miller: the same inputs on every run
function rng(seed) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

// kinds built at run time (not the literals of the source)
const PREFIX = ['token', 'kind', 'of', 'the', 'lexer'].join('-');
const kinds = ['open', 'shut', 'coma', 'semi', 'quot', 'numb', 'blnk', 'name'].map((k) => PREFIX + ':' + k);
const UNIT = ['the', 'measurement', 'unit', 'that', 'the', 'reader', 'of', 'the', 'survey', 'gave'].join('-');
const units = ['km', 'cm', 'mm', 'm_'].map((u) => UNIT + ':' + u);

// names 55 %, blanks 30 %, then numbers, quotes and semicolons, each rarer: a kind per fortieth
// of [0, 1), the rare ones apart enough that a sampled profile orders them as a full one
const BANDS = [...Array(22).fill(7), ...Array(12).fill(6), 5, 5, 5, 4, 4, 3];
function stream(n, seed) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) out.push(kinds[BANDS[Math.floor(r() * 40)]]);
  // opening and shutting brackets and commas never come: their arms keep their places, last
  return out;
}

describe('weight', () => {
  it('weighs a token stream', () => {
    const s = stream(3000, 7);
    let total = 0;
    for (let round = 0; round < 10; round++) for (const k of s) total += lib.weight(k);
    assert.ok(total > 0);
    assert.strictEqual(lib.weight(PREFIX + ':name'), 8);
    assert.strictEqual(lib.weight('other'), 0);
  });
});

// the words are made once, as the file loads: the test itself only screens them
const words = [];
{
  const r = rng(11);
  for (let i = 0; i < 2000; i++) {
    const len = 2 + Math.floor(r() * 4);
    let w = '';
    for (let j = 0; j < len; j++) w += String.fromCharCode(97 + Math.floor(r() * 26));
    // every fiftieth word accented, every thirty-seventh with a leading underscore
    const prefixed = ['', '_'][Number(i % 37 === 0)] + w;
    words.push([prefixed, 'caf\u00e9'][Number(i % 50 === 0)]);
  }
}

describe('rejected', () => {
  it('screens words', () => {
    let n = 0;
    for (let round = 0; round < 20; round++) for (const w of words) if (lib.rejected(w)) n++;
    assert.ok(n > 0);
    assert.strictEqual(lib.rejected('fine-words'), false);
    assert.strictEqual(lib.rejected('na\u00efve'), true);
  });
});

describe('scale', () => {
  it('converts lengths', () => {
    const r = rng(3);
    let sum = 0;
    // metres four times in five, millimetres three times as often as kilometres, centimetres twice
    const pick = [0, 1, 1, 2, 2, 2, ...Array(24).fill(3)];
    for (let i = 0; i < 40000; i++) sum += lib.scale(units[pick[Math.floor(r() * 30)]]);
    assert.ok(sum > 0);
    assert.ok(Number.isNaN(lib.scale('furlong')));
  });
});

function declarations() {
  const r = rng(13);
  // six-digit colours seven times in ten, three-digit ones twice, rgb() once in fifteen, hsl() once in thirty
  const texts = [];
  for (let i = 0; i < 3000; i++) {
    const u = r();
    const v = Math.floor(r() * 256);
    const hex = v.toString(16).padStart(2, '0');
    const value = u < 0.7 ? '#' + hex + 'a0' + hex
      : u < 0.9 ? '#' + hex[0] + 'c' + hex[1]
        : u < 0.9667 ? 'rgb(' + v + ', 20, 30)'
          : 'hsl(' + v + ', 50%, 40%)';
    texts.push('  border-bottom: ' + (i % 7) + 'px solid ' + value + ' !important; /* panel ' + i + ': the edge of the panel the reader sees first, in the house colour */');
  }
  return texts;
}

describe('colour', () => {
  // the same declarations for the guards of captures and for the store-and-test pairs
  for (const name of ['colour', 'tint']) {
    it(`finds colours in declarations (${name})`, () => {
      const find = lib[name];
      const texts = declarations();
      let n = 0;
      for (let round = 0; round < 4; round++) for (const t of texts) n += find(t).length;
      assert.ok(n > 0);
      assert.strictEqual(find('color: #ff0080;'), 'ff0080');
      assert.strictEqual(find('color: #f08;'), 'f08');
      assert.strictEqual(find('color: rgb(1, 2, 3);'), '1');
      assert.strictEqual(find('color: hsl(120, 50%, 25%);'), '120');
      assert.strictEqual(find('color: blue;'), null);
    });
  }
});

describe('decoys', () => {
  it('grades scores in their bands', () => {
    const r = rng(5);
    const counts = { A: 0, B: 0, C: 0, F: 0 };
    for (let i = 0; i < 2000; i++) counts[lib.grade(Math.floor(r() * 100))]++;
    assert.strictEqual(lib.grade(95), 'A');
    assert.strictEqual(lib.grade(80), 'B');
    assert.strictEqual(lib.grade(65), 'C');
    assert.strictEqual(lib.grade(10), 'F');
    assert.ok(Math.min(counts.A, counts.F) > 0);
  });
  it('names errors by their most specific class', () => {
    const errors = [new TypeError('t'), new RangeError('r'), new Error('e'), 'text'];
    const seen = [];
    for (let i = 0; i < 400; i++) seen.push(lib.describe(errors[i % 4]));
    assert.deepStrictEqual(seen.slice(0, 4), ['type', 'range', 'error', 'value']);
  });
  it('takes from a queue until it stops', () => {
    for (let i = 0; i < 200; i++) {
      const q = ['a', 'b', 'stop', 'c'];
      assert.strictEqual(lib.take(q), 'more');
      assert.strictEqual(lib.take(q), 'more');
      assert.strictEqual(lib.take(q), 'stopped');
      assert.strictEqual(lib.take(q), 'empty');
    }
  });
  it('reads sizes', () => {
    let n = 0;
    for (let i = 0; i < 300; i++) {
      n += lib.size('50%') + lib.size('75%') + lib.size('12px');
      assert.strictEqual(lib.size('auto'), 0);
    }
    assert.strictEqual(n, 300 * (2 + 2 + 12));
    let k = 0;
    for (let i = 0; i < 300; i++) {
      k += lib.measure('50%') + lib.measure('75%') + lib.measure('12px');
      assert.strictEqual(lib.measure('auto'), 0);
    }
    assert.strictEqual(k, 300 * (2 + 2 + 12));
  });
  it('measures depth', () => {
    for (let i = 0; i < 300; i++) {
      assert.strictEqual(lib.depth(null), 0);
      assert.strictEqual(lib.depth({ leaf: true }), 1);
      assert.strictEqual(lib.depth({ leaf: false }), 2);
    }
  });
});
