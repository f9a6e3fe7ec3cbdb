'use strict';
// Workload for lodash: the most used functions of each category (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const _ = (() => {
  try {
    return require('lodash');
  } catch (e) {
    return require('..');
  }
})();

const users = [
  { user: 'barney', age: 36, active: true, tags: ['a', 'b'] },
  { user: 'fred', age: 40, active: false, tags: ['b'] },
  { user: 'pebbles', age: 1, active: true, tags: [] },
];

describe('lodash', function () {
  describe('array', function () {
    it('chunk/compact/concat/difference', function () {
      assert.deepStrictEqual(_.chunk(['a', 'b', 'c', 'd'], 3), [['a', 'b', 'c'], ['d']]);
      assert.deepStrictEqual(_.compact([0, 1, false, 2, '', 3, null, NaN]), [1, 2, 3]);
      assert.deepStrictEqual(_.concat([1], 2, [3], [[4]]), [1, 2, 3, [4]]);
      assert.deepStrictEqual(_.difference([2, 1], [2, 3]), [1]);
      assert.deepStrictEqual(_.differenceBy([2.1, 1.2], [2.3, 3.4], Math.floor), [1.2]);
    });
    it('drop/take/flatten/fromPairs', function () {
      assert.deepStrictEqual(_.drop([1, 2, 3], 2), [3]);
      assert.deepStrictEqual(_.dropRightWhile(users, (o) => !o.active).length, 3);
      assert.deepStrictEqual(_.take([1, 2, 3], 2), [1, 2]);
      assert.deepStrictEqual(_.takeWhile(users, 'active').map((u) => u.user), ['barney']);
      assert.deepStrictEqual(_.flattenDeep([1, [2, [3, [4]], 5]]), [1, 2, 3, 4, 5]);
      assert.deepStrictEqual(_.flattenDepth([1, [2, [3, [4]], 5]], 2), [1, 2, 3, [4], 5]);
      assert.deepStrictEqual(_.fromPairs([['a', 1], ['b', 2]]), { a: 1, b: 2 });
    });
    it('index searches', function () {
      assert.strictEqual(_.findIndex(users, { user: 'fred', active: false }), 1);
      assert.strictEqual(_.findLastIndex(users, ['active', true]), 2);
      assert.strictEqual(_.indexOf([1, 2, 1, 2], 2, 2), 3);
      assert.strictEqual(_.sortedIndex([30, 50], 40), 1);
      assert.strictEqual(_.sortedIndexBy([{ x: 4 }, { x: 5 }], { x: 4 }, 'x'), 0);
    });
    it('set operations', function () {
      assert.deepStrictEqual(_.intersection([2, 1], [2, 3]), [2]);
      assert.deepStrictEqual(_.union([2], [1, 2]), [2, 1]);
      assert.deepStrictEqual(_.uniq([2, 1, 2]), [2, 1]);
      assert.deepStrictEqual(_.uniqBy([2.1, 1.2, 2.3], Math.floor), [2.1, 1.2]);
      assert.deepStrictEqual(_.xor([2, 1], [2, 3]), [1, 3]);
      assert.deepStrictEqual(_.without([2, 1, 2, 3], 1, 2), [3]);
    });
    it('zip/unzip/pull/remove', function () {
      assert.deepStrictEqual(_.zip(['a', 'b'], [1, 2], [true, false]), [['a', 1, true], ['b', 2, false]]);
      assert.deepStrictEqual(_.zipObject(['a', 'b'], [1, 2]), { a: 1, b: 2 });
      assert.deepStrictEqual(_.zipObjectDeep(['a.b[0].c', 'a.b[1].d'], [1, 2]), { a: { b: [{ c: 1 }, { d: 2 }] } });
      const arr = ['a', 'b', 'c', 'a', 'b', 'c'];
      _.pull(arr, 'a', 'c');
      assert.deepStrictEqual(arr, ['b', 'b']);
      const nums = [1, 2, 3, 4];
      assert.deepStrictEqual(_.remove(nums, (n) => n % 2 === 0), [2, 4]);
      assert.deepStrictEqual(nums, [1, 3]);
    });
  });

  describe('collection', function () {
    it('countBy/groupBy/keyBy/partition', function () {
      assert.deepStrictEqual(_.countBy([6.1, 4.2, 6.3], Math.floor), { 4: 1, 6: 2 });
      assert.deepStrictEqual(_.groupBy(['one', 'two', 'three'], 'length'), { 3: ['one', 'two'], 5: ['three'] });
      assert.deepStrictEqual(_.keyBy([{ dir: 'left', code: 97 }, { dir: 'right', code: 100 }], 'dir').right.code, 100);
      assert.deepStrictEqual(_.partition(users, (o) => o.active).map((p) => p.length), [2, 1]);
    });
    it('filter/find/reject with shorthands', function () {
      assert.deepStrictEqual(_.filter(users, { age: 36, active: true }).map((u) => u.user), ['barney']);
      assert.deepStrictEqual(_.filter(users, ['active', false]).map((u) => u.user), ['fred']);
      assert.deepStrictEqual(_.filter(users, 'active').map((u) => u.user), ['barney', 'pebbles']);
      assert.strictEqual(_.find(users, (o) => o.age < 40).user, 'barney');
      assert.deepStrictEqual(_.reject(users, 'active').map((u) => u.user), ['fred']);
    });
    it('map/flatMap/reduce/every/some/includes', function () {
      assert.deepStrictEqual(_.map(users, 'user'), ['barney', 'fred', 'pebbles']);
      assert.deepStrictEqual(_.flatMap([1, 2], (n) => [n, n]), [1, 1, 2, 2]);
      assert.deepStrictEqual(_.reduce({ a: 1, b: 2, c: 1 }, (r, v, k) => { (r[v] || (r[v] = [])).push(k); return r; }, {}), { 1: ['a', 'c'], 2: ['b'] });
      assert.strictEqual(_.every(users, { active: false }), false);
      assert.strictEqual(_.some(users, ['active', false]), true);
      assert.strictEqual(_.includes({ a: 1, b: 2 }, 1), true);
      assert.strictEqual(_.includes('abcd', 'bc'), true);
    });
    it('orderBy/sortBy/size/sampleSize/shuffle', function () {
      assert.deepStrictEqual(_.orderBy(users, ['user', 'age'], ['asc', 'desc']).map((u) => u.user), ['barney', 'fred', 'pebbles']);
      assert.deepStrictEqual(_.sortBy(users, ['age']).map((u) => u.age), [1, 36, 40]);
      assert.strictEqual(_.size({ a: 1, b: 2 }), 2);
      assert.strictEqual(_.sampleSize([1, 2, 3], 2).length, 2);
      assert.strictEqual(_.shuffle([1, 2, 3, 4]).length, 4);
    });
  });

  describe('object', function () {
    it('get/set/has/unset', function () {
      const object = { a: [{ b: { c: 3 } }] };
      assert.strictEqual(_.get(object, 'a[0].b.c'), 3);
      assert.strictEqual(_.get(object, ['a', '0', 'b', 'c']), 3);
      assert.strictEqual(_.get(object, 'a.b.c', 'default'), 'default');
      _.set(object, 'x[0].y.z', 5);
      assert.strictEqual(object.x[0].y.z, 5);
      assert.strictEqual(_.has(object, 'a[0].b'), true);
      assert.strictEqual(_.unset(object, 'a[0].b.c'), true);
      assert.deepStrictEqual(object.a[0].b, {});
    });
    it('assign/defaults/merge/defaultsDeep', function () {
      assert.deepStrictEqual(_.assign({ a: 0 }, { a: 1 }, { b: 2 }), { a: 1, b: 2 });
      assert.deepStrictEqual(_.defaults({ a: 1 }, { b: 2 }, { a: 3 }), { a: 1, b: 2 });
      assert.deepStrictEqual(_.merge({ a: [{ b: 2 }, { d: 4 }] }, { a: [{ c: 3 }, { e: 5 }] }), { a: [{ b: 2, c: 3 }, { d: 4, e: 5 }] });
      assert.deepStrictEqual(_.defaultsDeep({ a: { b: 2 } }, { a: { b: 1, c: 3 } }), { a: { b: 2, c: 3 } });
    });
    it('pick/omit/mapValues/mapKeys/invert', function () {
      const o = { a: 1, b: '2', c: 3 };
      assert.deepStrictEqual(_.pick(o, ['a', 'c']), { a: 1, c: 3 });
      assert.deepStrictEqual(_.omit(o, ['a', 'c']), { b: '2' });
      assert.deepStrictEqual(_.pickBy(o, _.isNumber), { a: 1, c: 3 });
      assert.deepStrictEqual(_.mapValues({ x: { age: 4 }, y: { age: 5 } }, 'age'), { x: 4, y: 5 });
      assert.deepStrictEqual(_.mapKeys({ a: 1, b: 2 }, (v, k) => k + v), { a1: 1, b2: 2 });
      assert.deepStrictEqual(_.invert({ a: 1, b: 2, c: 1 }), { 1: 'c', 2: 'b' });
    });
    it('keys/values/entries/toPairs/transform', function () {
      function Foo() { this.a = 1; this.b = 2; }
      Foo.prototype.c = 3;
      assert.deepStrictEqual(_.keys(new Foo()), ['a', 'b']);
      assert.deepStrictEqual(_.keysIn(new Foo()), ['a', 'b', 'c']);
      assert.deepStrictEqual(_.values(new Foo()), [1, 2]);
      assert.deepStrictEqual(_.toPairs(new Foo()), [['a', 1], ['b', 2]]);
      assert.deepStrictEqual(_.transform([2, 3, 4], (r, n) => { r.push(n * n); return n % 2 === 0; }, []), [4, 9]);
    });
  });

  describe('lang', function () {
    it('cloneDeep and isEqual', function () {
      const objects = [{ a: 1, d: new Date(0), m: new Map([[1, { z: 2 }]]), s: new Set([1]) }, { b: [1, 2, { c: 3 }] }];
      const deep = _.cloneDeep(objects);
      assert.notStrictEqual(deep[0], objects[0]);
      assert.ok(_.isEqual(deep, objects));
      deep[1].b[2].c = 4;
      assert.ok(!_.isEqual(deep, objects));
      assert.ok(_.isEqualWith([1, 'a'], [1, 'A'], (a, b) => (typeof a === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined)));
    });
    it('type checks', function () {
      assert.strictEqual(_.isPlainObject({ x: 0 }), true);
      assert.strictEqual(_.isPlainObject([1]), false);
      assert.strictEqual(_.isArrayLike('abc'), true);
      assert.strictEqual(_.isEmpty(new Map()), true);
      assert.strictEqual(_.isNil(undefined), true);
      assert.strictEqual(_.isInteger(3.0), true);
      assert.strictEqual(_.isSafeInteger(Math.pow(2, 53)), false);
      assert.strictEqual(_.isTypedArray(new Uint8Array(2)), true);
      assert.strictEqual(_.isError(new TypeError('x')), true);
      assert.strictEqual(_.isSymbol(Symbol.iterator), true);
    });
    it('conversions', function () {
      assert.strictEqual(_.toNumber('3.2'), 3.2);
      assert.strictEqual(_.toInteger('3.9'), 3);
      assert.strictEqual(_.toFinite(Infinity), 1.7976931348623157e+308);
      assert.strictEqual(_.toString([1, 2, 3]), '1,2,3');
      assert.strictEqual(_.toString(-0), '-0');
      assert.deepStrictEqual(_.toArray('abc'), ['a', 'b', 'c']);
      assert.deepStrictEqual(_.castArray(1), [1]);
    });
  });

  describe('string', function () {
    [
      ['camelCase', 'Foo Bar', 'fooBar'], ['camelCase', '--foo-bar--', 'fooBar'], ['kebabCase', 'fooBar', 'foo-bar'],
      ['snakeCase', 'Foo Bar', 'foo_bar'], ['startCase', '--foo-bar--', 'Foo Bar'], ['upperFirst', 'fred', 'Fred'],
      ['capitalize', 'FRED', 'Fred'], ['deburr', 'déjà vu', 'deja vu'], ['escape', 'fred, barney, & <pebbles>', 'fred, barney, &amp; &lt;pebbles&gt;'],
      ['unescape', 'fred, barney, &amp; pebbles', 'fred, barney, & pebbles'], ['escapeRegExp', '[lodash](https://lodash.com/)', '\\[lodash\\]\\(https://lodash\\.com/\\)'],
      ['trim', '  abc  ', 'abc'], ['lowerCase', '__FOO_BAR__', 'foo bar'],
    ].forEach(([fn, input, want]) => {
      it(fn + '(' + JSON.stringify(input) + ')', function () {
        assert.strictEqual(_[fn](input), want);
      });
    });
    it('pads, repeats, splits, truncates and words', function () {
      assert.strictEqual(_.pad('abc', 8, '_-'), '_-abc_-_');
      assert.strictEqual(_.padStart('abc', 6, '0'), '000abc');
      assert.strictEqual(_.repeat('*', 3), '***');
      assert.deepStrictEqual(_.split('a-b-c', '-', 2), ['a', 'b']);
      assert.strictEqual(_.truncate('hi-diddly-ho there, neighborino', { length: 24, separator: ' ' }), 'hi-diddly-ho there,...');
      assert.deepStrictEqual(_.words('fred, barney, & pebbles'), ['fred', 'barney', 'pebbles']);
    });
    it('template', function () {
      const compiled = _.template('hello <%= user %>! <% _.forEach(list, function(x) { %><li><%- x %></li><% }); %>');
      assert.strictEqual(compiled({ user: 'fred', list: ['<a>', 'b'] }), 'hello fred! <li>&lt;a&gt;</li><li>b</li>');
      assert.strictEqual(_.template('hi ${ who }')({ who: 'you' }), 'hi you');
    });
  });

  describe('function', function () {
    it('curry/partial/memoize/once/flow/negate', function () {
      const abc = (a, b, c) => [a, b, c];
      const curried = _.curry(abc);
      assert.deepStrictEqual(curried(1)(2)(3), [1, 2, 3]);
      assert.deepStrictEqual(curried(1, _, 3)(2), [1, 2, 3]);
      const greet = (greeting, name) => greeting + ' ' + name;
      assert.strictEqual(_.partial(greet, 'hello')('fred'), 'hello fred');
      assert.strictEqual(_.partialRight(greet, 'fred')('hi'), 'hi fred');
      const values = _.memoize(_.values);
      const obj = { a: 1, b: 2 };
      assert.deepStrictEqual(values(obj), [1, 2]);
      obj.a = 2;
      assert.deepStrictEqual(values(obj), [1, 2]);
      let n = 0;
      const once = _.once(() => ++n);
      once(); once();
      assert.strictEqual(n, 1);
      assert.strictEqual(_.flow([_.add, (x) => x * x])(2, 3), 25);
      assert.strictEqual(_.negate((x) => x > 2)(1), true);
    });
    it('debounce and throttle with timers', function (done) {
      let d = 0;
      let t = 0;
      const deb = _.debounce(() => { d++; }, 1);
      const thr = _.throttle(() => { t++; }, 50, { trailing: false });
      for (let i = 0; i < 5; i++) { deb(); thr(); }
      setTimeout(() => {
        assert.strictEqual(d, 1);
        assert.strictEqual(t, 1);
        done();
      }, 4);
    });
  });

  describe('math and util', function () {
    it('sum/mean/max/min/range/clamp/inRange', function () {
      assert.strictEqual(_.sum([4, 2, 8, 6]), 20);
      assert.strictEqual(_.meanBy([{ n: 4 }, { n: 2 }, { n: 8 }, { n: 6 }], 'n'), 5);
      assert.strictEqual(_.maxBy(users, 'age').user, 'fred');
      assert.strictEqual(_.min([]), undefined);
      assert.deepStrictEqual(_.range(0, 20, 5), [0, 5, 10, 15]);
      assert.deepStrictEqual(_.rangeRight(4), [3, 2, 1, 0]);
      assert.strictEqual(_.clamp(-10, -5, 5), -5);
      assert.strictEqual(_.inRange(3, 2, 4), true);
      assert.strictEqual(_.round(4.006, 2), 4.01);
    });
    it('times/uniqueId/times/cond/matches/property', function () {
      assert.deepStrictEqual(_.times(4, _.constant(0)), [0, 0, 0, 0]);
      assert.ok(_.uniqueId('c').startsWith('c'));
      const func = _.cond([[_.matches({ a: 1 }), _.constant('matches A')], [_.stubTrue, _.constant('no match')]]);
      assert.strictEqual(func({ a: 1, b: 2 }), 'matches A');
      assert.strictEqual(func({ a: 0 }), 'no match');
      assert.deepStrictEqual(_.map([{ a: { b: 2 } }, { a: { b: 1 } }], _.property('a.b')), [2, 1]);
    });
    it('chains', function () {
      const youngest = _.chain(users).sortBy('age').map((o) => o.user + ' is ' + o.age).head().value();
      assert.strictEqual(youngest, 'pebbles is 1');
      assert.deepStrictEqual(_([1, 2, 3]).map((n) => n * n).filter((n) => n > 1).value(), [4, 9]);
    });
  });

  describe('bulk', function () {
    it('processes a generated data set with chains', function () {
      const rows = [];
      let s = 13;
      for (let i = 0; i < 3000; i++) {
        s = (s * 16807) % 2147483647;
        rows.push({ id: i, team: 'team' + (s % 12), score: s % 1000, meta: { tag: 'tag' + (s % 40) } });
      }
      const summary = _.chain(rows).groupBy('team').mapValues((list) => _.sumBy(list, 'score')).toPairs()
        .orderBy([1], ['desc']).value();
      assert.strictEqual(summary.length, 12);
      assert.ok(summary[0][1] >= summary[11][1]);
      const tags = _.uniq(_.map(rows, 'meta.tag'));
      assert.strictEqual(tags.length, 40);
      const copy = _.cloneDeep(rows.slice(0, 200));
      assert.ok(_.isEqual(copy, rows.slice(0, 200)));
      assert.strictEqual(_.keyBy(rows, 'id')[2999].id, 2999);
    });
  });
});
