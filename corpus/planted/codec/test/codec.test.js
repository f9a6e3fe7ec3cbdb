'use strict';
// Workload (mocha style) for the codec: packet decoding and token classification over generated text.
const assert = require('assert');
const codec = require('../lib/codec');

/** A generator of integers in [0, n) from `seed` (Park–Miller). */
function rng(seed) {
  let s = seed;
  return (n) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

const RARE = ['error', 'connect', 'disconnect', 'binary_event', 'binary_ack', 'ping', 'pong', 'upgrade',
  'noop', 'open', 'close', 'ack'];

/** A wire string of `n` packets: 60% message, 30% event, 10% spread over the twelve rare types. */
function makeWire(seed, n) {
  const next = rng(seed);
  const lines = [];
  for (let i = 0; i < n; i++) {
    const r = next(100);
    const type = r < 60 ? 'message' : (r < 90 ? 'event' : RARE[next(RARE.length)]);
    lines.push(type + ':' + 'x'.repeat(next(8)));
  }
  return lines.join('\n');
}

const ARTICLES = ['a', 'an', 'the'];
const PREPS = ['in', 'on', 'at'];
const CONJ = ['and', 'or'];
const PRONOUNS = ['he', 'she', 'it', 'we', 'they'];
const AUX = ['is', 'are', 'was', 'were'];

/**
 * Text of `n` tokens: 40% punctuation, 28% articles, 15% prepositions, 8% conjunctions,
 * 4% pronouns, 3% auxiliaries, 2% other words.
 */
function makeText(seed, n) {
  const next = rng(seed);
  const toks = [];
  for (let i = 0; i < n; i++) {
    const r = next(100);
    if (r < 40) toks.push(next(4) === 0 ? ',' : '.');
    else if (r < 68) toks.push(ARTICLES[next(3)]);
    else if (r < 83) toks.push(PREPS[next(3)]);
    else if (r < 91) toks.push(CONJ[next(2)]);
    else if (r < 95) toks.push(PRONOUNS[next(5)]);
    else if (r < 98) toks.push(AUX[next(4)]);
    else toks.push('word' + next(50));
  }
  return toks.join(' ');
}

const WIRES = [makeWire(3, 3000), makeWire(5, 3000), makeWire(7, 3000), makeWire(9, 12000)];
// Packet types as a decoder sees them: split from the wire (not interned string constants).
const TYPES = WIRES.map((w) => w.split('\n').map((line) => line.slice(0, line.indexOf(':'))));
const TEXTS = [makeText(4, 3000), makeText(6, 3000), makeText(8, 3000), makeText(10, 12000)];
// Tokens come from split(), like a real tokenizer's (not interned string constants).
const TOKENS = TEXTS.map((text) => text.split(' '));

/** Reference decoder with a lookup table, to check the switch-based one. */
const CODES = { error: 1, connect: 2, disconnect: 3, binary_event: 4, binary_ack: 5, ping: 6, pong: 7,
  upgrade: 8, noop: 9, open: 10, close: 11, ack: 12, event: 13, message: 14 };
function referenceDecode(wire) {
  return wire.split('\n').reduce((sum, line) => {
    const colon = line.indexOf(':');
    return sum + CODES[line.slice(0, colon)] * 1000 + (line.length - colon - 1);
  }, 0);
}

// Reference results, computed once at load time so the tests time the codec, not the reference.
const EXPECTED_SUMS = WIRES.map(referenceDecode);
const EXPECTED_CODES = TYPES.map((types) => types.reduce((sum, t) => sum + CODES[t], 0));
const EXPECTED_TOKENS = TEXTS.map((text) => {
  const toks = text.split(' ');
  return {
    pauses: toks.filter((t) => t === ',').length,
    punctuation: toks.filter((t) => t === ',' ? true : t === '.').length,
    article: toks.filter((t) => ARTICLES.indexOf(t) >= 0).length,
    word: toks.filter((t) => t.startsWith('word')).length,
  };
});

describe('codec', function () {
  describe('packets', function () {
    it('sums the codes of the first wire', function () {
      for (let k = 0; k < 3; k++) assert.strictEqual(codec.sumCodes(TYPES[0]), EXPECTED_CODES[0]);
    });
    it('sums the codes of the second wire', function () {
      for (let k = 0; k < 3; k++) assert.strictEqual(codec.sumCodes(TYPES[1]), EXPECTED_CODES[1]);
    });
    it('sums the codes of the third wire', function () {
      for (let k = 0; k < 3; k++) assert.strictEqual(codec.sumCodes(TYPES[2]), EXPECTED_CODES[2]);
    });
    it('decodes a long wire', function () {
      for (let k = 0; k < 3; k++) assert.strictEqual(codec.decode(WIRES[3]), EXPECTED_SUMS[3]);
    });
    it('knows every packet type', function () {
      Object.keys(CODES).forEach((k) => assert.strictEqual(codec.packetCode(k), CODES[k]));
      assert.strictEqual(codec.packetCode('bogus'), -1);
    });
  });

  describe('tokens', function () {
    function check(i) {
      let stats;
      for (let k = 0; k < 3; k++) stats = codec.classify(TOKENS[i]);
      const want = EXPECTED_TOKENS[i];
      assert.strictEqual(stats.pauses, want.pauses);
      assert.strictEqual(stats.counts.punctuation, want.punctuation);
      assert.strictEqual(stats.counts.article, want.article);
      assert.strictEqual(stats.counts.word, want.word);
      return stats;
    }
    it('classifies the first text', function () {
      check(0);
    });
    it('classifies the second text', function () {
      check(1);
    });
    it('classifies the third text', function () {
      check(2);
    });
    it('classifies a long text', function () {
      const s = check(3);
      assert.ok(s.counts.preposition > s.counts.conjunction);
    });
  });

  describe('small switches', function () {
    it('ranks log levels', function () {
      const levels = ['debug', 'debug', 'debug', 'debug', 'info', 'info', 'warn', 'error', 'fatal', 'trace'];
      let total = 0;
      for (let k = 0; k < 200; k++) levels.forEach((l) => { total += codec.severity(l); });
      assert.strictEqual(total, 200 * (0 + 0 + 0 + 0 + 1 + 1 + 2 + 3 + 4 - 1));
    });
    it('reads escape letters', function () {
      const stats = { unknown: 0 };
      const letters = 'nnnnnnntrx'.split('');
      let total = 0;
      for (let k = 0; k < 200; k++) letters.forEach((c) => { total += codec.escapeFlags(c, stats); });
      assert.strictEqual(total, 200 * (7 * 4 + 1 + 2 + 4));
      assert.strictEqual(stats.unknown, 200);
    });
    it('splits fields on a run-time separator', function () {
      const line = 'ab;"c\\d";e'.split('');
      const kinds = line.map((c) => codec.fieldKind(c, ';'));
      assert.deepStrictEqual(kinds, ['char', 'char', 'separator', 'quote', 'char', 'escape', 'char', 'quote',
        'separator', 'char']);
    });
  });
});
