'use strict';
// Workload for qs 6.5: query-string parsing and stringifying (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const qs = (() => {
  try {
    return require('qs');
  } catch (e) {
    return require('..');
  }
})();

describe('qs', function () {
  describe('parse', function () {
    [
      ['a=b', { a: 'b' }],
      ['a=b&c=d', { a: 'b', c: 'd' }],
      ['a', { a: '' }],
      ['a[b]=c', { a: { b: 'c' } }],
      ['a[b][c][d]=e', { a: { b: { c: { d: 'e' } } } }],
      ['a[]=b&a[]=c', { a: ['b', 'c'] }],
      ['a[1]=c&a[0]=b', { a: ['b', 'c'] }],
      ['a=b&a=c', { a: ['b', 'c'] }],
      ['a[0][b]=c', { a: [{ b: 'c' }] }],
      ['a%20b=c%26d', { 'a b': 'c&d' }],
      ['a=%E2%9C%93', { a: '✓' }],
      ['a=b+c', { a: 'b c' }],
      ['a[b]=c&a[d]=e&f=g', { a: { b: 'c', d: 'e' }, f: 'g' }],
      ['a[]=&a[]=b', { a: ['', 'b'] }],
      ['a.b=c', { 'a.b': 'c' }],
    ].forEach(([input, want]) => {
      it('parses ' + input, function () {
        assert.deepStrictEqual(qs.parse(input), want);
      });
    });
    it('parses dots with allowDots', function () {
      assert.deepStrictEqual(qs.parse('a.b.c=d', { allowDots: true }), { a: { b: { c: 'd' } } });
    });
    it('strips the query prefix with ignoreQueryPrefix', function () {
      assert.deepStrictEqual(qs.parse('?a=b&c=d', { ignoreQueryPrefix: true }), { a: 'b', c: 'd' });
    });
    it('honours a custom delimiter', function () {
      assert.deepStrictEqual(qs.parse('a=b;c=d', { delimiter: ';' }), { a: 'b', c: 'd' });
      assert.deepStrictEqual(qs.parse('a=b;c=d,e=f', { delimiter: /[;,]/ }), { a: 'b', c: 'd', e: 'f' });
    });
    it('limits the depth', function () {
      assert.deepStrictEqual(qs.parse('a[b][c][d][e][f][g]=x', { depth: 1 }), { a: { b: { '[c][d][e][f][g]': 'x' } } });
    });
    it('limits the parameter count', function () {
      assert.deepStrictEqual(qs.parse('a=b&c=d&e=f', { parameterLimit: 2 }), { a: 'b', c: 'd' });
    });
    it('turns large indices into object keys', function () {
      assert.deepStrictEqual(qs.parse('a[100]=b'), { a: { 100: 'b' } });
      assert.deepStrictEqual(qs.parse('a[1]=b', { arrayLimit: 0 }), { a: { 1: 'b' } });
    });
    it('handles strict nulls', function () {
      assert.deepStrictEqual(qs.parse('a&b=', { strictNullHandling: true }), { a: null, b: '' });
    });
    it('does not pollute prototypes', function () {
      const out = qs.parse('__proto__[x]=1&toString=2');
      assert.strictEqual(({}).x, undefined);
      assert.strictEqual(typeof out, 'object');
    });
    it('parses a custom decoder', function () {
      const out = qs.parse('a=%41', { decoder: (s) => s.toLowerCase() });
      assert.deepStrictEqual(out, { a: '%41' });
    });
  });

  describe('stringify', function () {
    [
      [{ a: 'b' }, 'a=b'],
      [{ a: 'b', c: 'd' }, 'a=b&c=d'],
      [{ a: { b: 'c' } }, 'a%5Bb%5D=c'],
      [{ a: ['b', 'c'] }, 'a%5B0%5D=b&a%5B1%5D=c'],
      [{ a: 'b c' }, 'a=b%20c'],
      [{ a: '✓' }, 'a=%E2%9C%93'],
      [{ a: null }, 'a='],
      [{ a: undefined, b: 'c' }, 'b=c'],
      [{ a: true, b: 1 }, 'a=true&b=1'],
    ].forEach(([input, want]) => {
      it('stringifies ' + JSON.stringify(input), function () {
        assert.strictEqual(qs.stringify(input), want);
      });
    });
    it('can skip encoding', function () {
      assert.strictEqual(qs.stringify({ a: { b: 'c' } }, { encode: false }), 'a[b]=c');
    });
    it('supports array formats', function () {
      const obj = { a: ['b', 'c'] };
      assert.strictEqual(qs.stringify(obj, { arrayFormat: 'indices', encode: false }), 'a[0]=b&a[1]=c');
      assert.strictEqual(qs.stringify(obj, { arrayFormat: 'brackets', encode: false }), 'a[]=b&a[]=c');
      assert.strictEqual(qs.stringify(obj, { arrayFormat: 'repeat', encode: false }), 'a=b&a=c');
    });
    it('supports dots, prefixes and sorting', function () {
      assert.strictEqual(qs.stringify({ a: { b: { c: 'd' } } }, { allowDots: true, encode: false }), 'a.b.c=d');
      assert.strictEqual(qs.stringify({ a: 'b' }, { addQueryPrefix: true }), '?a=b');
      assert.strictEqual(qs.stringify({ c: 1, a: 2, b: 3 }, { sort: (x, y) => (x < y ? -1 : 1) }), 'a=2&b=3&c=1');
    });
    it('supports strict nulls and skipNulls', function () {
      assert.strictEqual(qs.stringify({ a: null, b: '' }, { strictNullHandling: true }), 'a&b=');
      assert.strictEqual(qs.stringify({ a: 'b', c: null }, { skipNulls: true }), 'a=b');
    });
    it('filters keys', function () {
      assert.strictEqual(qs.stringify({ a: 'b', c: 'd', e: 'f' }, { filter: ['a', 'e'] }), 'a=b&e=f');
    });
    it('serialises dates', function () {
      const d = new Date(Date.UTC(2017, 0, 2, 3, 4, 5));
      assert.strictEqual(qs.stringify({ a: d }, { encode: false }), 'a=2017-01-02T03:04:05.000Z');
    });
    it('uses RFC 1738 for spaces when asked', function () {
      assert.strictEqual(qs.stringify({ a: 'b c' }, { format: 'RFC1738' }), 'a=b+c');
    });
  });

  describe('round trips', function () {
    it('round-trips nested generated objects', function () {
      for (let i = 0; i < 200; i++) {
        const obj = {
          user: { name: 'user ' + i, tags: ['t' + (i % 3), 't' + (i % 5)], meta: { n: String(i) } },
          page: String(i % 10),
          q: 'search & find ' + i,
        };
        assert.deepStrictEqual(qs.parse(qs.stringify(obj)), obj);
      }
    });
  });
});
