'use strict';
// Workload for underscore: collections, arrays, objects, functions, utilities (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const _ = (() => {
  try {
    return require('underscore');
  } catch (e) {
    return require('..');
  }
})();

const stooges = [{ name: 'moe', age: 40 }, { name: 'larry', age: 50 }, { name: 'curly', age: 60 }];

describe('underscore', function () {
  describe('collections', function () {
    it('each/map/reduce', function () {
      const seen = [];
      _.each([1, 2, 3], (x, i) => seen.push(x * i));
      assert.deepStrictEqual(seen, [0, 2, 6]);
      assert.deepStrictEqual(_.map({ a: 1, b: 2 }, (v, k) => k + v), ['a1', 'b2']);
      assert.strictEqual(_.reduce([1, 2, 3, 4], (m, x) => m + x, 0), 10);
      assert.deepStrictEqual(_.reduceRight([[0, 1], [2, 3]], (a, b) => a.concat(b), []), [2, 3, 0, 1]);
    });
    it('find/filter/reject/where', function () {
      assert.strictEqual(_.find([1, 2, 3, 4], (x) => x % 2 === 0), 2);
      assert.deepStrictEqual(_.filter([1, 2, 3, 4, 5, 6], (x) => x % 2 === 0), [2, 4, 6]);
      assert.deepStrictEqual(_.reject([1, 2, 3, 4, 5, 6], (x) => x % 2 === 0), [1, 3, 5]);
      assert.deepStrictEqual(_.where(stooges, { age: 50 }), [stooges[1]]);
      assert.strictEqual(_.findWhere(stooges, { name: 'curly' }), stooges[2]);
    });
    it('every/some/contains', function () {
      assert.strictEqual(_.every([2, 4, 6], (x) => x % 2 === 0), true);
      assert.strictEqual(_.some([1, 3, 4], (x) => x % 2 === 0), true);
      assert.strictEqual(_.contains([1, 2, 3], 3), true);
      assert.strictEqual(_.contains({ a: 1 }, 2), false);
    });
    it('invoke/pluck/max/min', function () {
      assert.deepStrictEqual(_.invoke([[5, 1, 7], [3, 2, 1]], 'sort'), [[1, 5, 7], [1, 2, 3]]);
      assert.deepStrictEqual(_.pluck(stooges, 'name'), ['moe', 'larry', 'curly']);
      assert.strictEqual(_.max(stooges, (s) => s.age), stooges[2]);
      assert.strictEqual(_.min([10, 5, 100, 2, 1000]), 2);
    });
    it('sortBy/groupBy/indexBy/countBy/partition', function () {
      assert.deepStrictEqual(_.sortBy([1, 2, 3, 4, 5, 6], (n) => Math.sin(n)), [5, 4, 6, 3, 1, 2]);
      assert.deepStrictEqual(_.groupBy([1.3, 2.1, 2.4], (n) => Math.floor(n)), { 1: [1.3], 2: [2.1, 2.4] });
      assert.deepStrictEqual(_.groupBy(['one', 'two', 'three'], 'length'), { 3: ['one', 'two'], 5: ['three'] });
      assert.deepStrictEqual(_.keys(_.indexBy(stooges, 'age')), ['40', '50', '60']);
      assert.deepStrictEqual(_.countBy([1, 2, 3, 4, 5], (n) => (n % 2 === 0 ? 'even' : 'odd')), { odd: 3, even: 2 });
      assert.deepStrictEqual(_.partition([0, 1, 2, 3, 4, 5], (n) => n % 2 === 1), [[1, 3, 5], [0, 2, 4]]);
    });
    it('size/toArray/shuffle/sample', function () {
      assert.strictEqual(_.size({ one: 1, two: 2, three: 3 }), 3);
      assert.deepStrictEqual(_.toArray({ a: 1, b: 2 }), [1, 2]);
      assert.strictEqual(_.shuffle([1, 2, 3, 4]).length, 4);
      assert.ok(_.contains([1, 2, 3], _.sample([1, 2, 3])));
    });
  });

  describe('arrays', function () {
    it('first/last/initial/rest/compact', function () {
      assert.strictEqual(_.first([5, 4, 3]), 5);
      assert.deepStrictEqual(_.first([5, 4, 3], 2), [5, 4]);
      assert.strictEqual(_.last([5, 4, 3]), 3);
      assert.deepStrictEqual(_.initial([5, 4, 3, 2, 1]), [5, 4, 3, 2]);
      assert.deepStrictEqual(_.rest([5, 4, 3, 2, 1], 3), [2, 1]);
      assert.deepStrictEqual(_.compact([0, 1, false, 2, '', 3]), [1, 2, 3]);
    });
    it('flatten/without/union/intersection/difference', function () {
      assert.deepStrictEqual(_.flatten([1, [2], [3, [[4]]]]), [1, 2, 3, 4]);
      assert.deepStrictEqual(_.flatten([1, [2], [3, [[4]]]], true), [1, 2, 3, [[4]]]);
      assert.deepStrictEqual(_.without([1, 2, 1, 0, 3, 1, 4], 0, 1), [2, 3, 4]);
      assert.deepStrictEqual(_.union([1, 2, 3], [101, 2, 1, 10], [2, 1]), [1, 2, 3, 101, 10]);
      assert.deepStrictEqual(_.intersection([1, 2, 3], [101, 2, 1, 10], [2, 1]), [1, 2]);
      assert.deepStrictEqual(_.difference([1, 2, 3, 4, 5], [5, 2, 10]), [1, 3, 4]);
    });
    it('uniq/zip/unzip/object', function () {
      assert.deepStrictEqual(_.uniq([1, 2, 1, 4, 1, 3]), [1, 2, 4, 3]);
      assert.deepStrictEqual(_.uniq([1, 1, 2, 3, 3], true), [1, 2, 3]);
      assert.deepStrictEqual(_.zip(['moe', 'larry'], [30, 40], [true, false]), [['moe', 30, true], ['larry', 40, false]]);
      assert.deepStrictEqual(_.unzip([['moe', 30], ['larry', 40]]), [['moe', 'larry'], [30, 40]]);
      assert.deepStrictEqual(_.object(['moe', 'larry'], [30, 40]), { moe: 30, larry: 40 });
    });
    it('indexOf/lastIndexOf/sortedIndex/findIndex/range/chunk', function () {
      assert.strictEqual(_.indexOf([1, 2, 3], 2), 1);
      assert.strictEqual(_.lastIndexOf([1, 2, 3, 1, 2, 3], 2), 4);
      assert.strictEqual(_.sortedIndex([10, 20, 30, 40, 50], 35), 3);
      assert.strictEqual(_.findIndex([4, 6, 8, 12], (x) => x > 7), 2);
      assert.strictEqual(_.findLastIndex([4, 6, 8, 12], (x) => x < 7), 1);
      assert.deepStrictEqual(_.range(0, 30, 5), [0, 5, 10, 15, 20, 25]);
      assert.deepStrictEqual(_.range(0, -10, -1).length, 10);
      assert.deepStrictEqual(_.chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
    });
  });

  describe('objects', function () {
    it('keys/values/pairs/invert/mapObject', function () {
      assert.deepStrictEqual(_.keys({ one: 1, two: 2 }), ['one', 'two']);
      assert.deepStrictEqual(_.values({ one: 1, two: 2 }), [1, 2]);
      assert.deepStrictEqual(_.pairs({ one: 1, two: 2 }), [['one', 1], ['two', 2]]);
      assert.deepStrictEqual(_.invert({ Moe: 'Moses', Larry: 'Louis' }), { Moses: 'Moe', Louis: 'Larry' });
      assert.deepStrictEqual(_.mapObject({ start: 5, end: 12 }, (v) => v + 5), { start: 10, end: 17 });
    });
    it('extend/defaults/pick/omit/clone', function () {
      assert.deepStrictEqual(_.extend({ name: 'moe' }, { age: 50 }), { name: 'moe', age: 50 });
      assert.deepStrictEqual(_.defaults({ flavor: 'chocolate' }, { flavor: 'vanilla', sprinkles: 'lots' }), { flavor: 'chocolate', sprinkles: 'lots' });
      assert.deepStrictEqual(_.pick({ name: 'moe', age: 50, userid: 'moe1' }, 'name', 'age'), { name: 'moe', age: 50 });
      assert.deepStrictEqual(_.omit({ name: 'moe', age: 50, userid: 'moe1' }, 'userid'), { name: 'moe', age: 50 });
      const c = _.clone({ name: 'moe', list: [1] });
      assert.deepStrictEqual(c, { name: 'moe', list: [1] });
    });
    it('has/property/matcher/isMatch', function () {
      assert.strictEqual(_.has({ a: 1 }, 'a'), true);
      assert.strictEqual(_.has({ a: { b: 2 } }, ['a', 'b']), true);
      assert.strictEqual(_.property('name')(stooges[0]), 'moe');
      assert.strictEqual(_.filter(stooges, _.matcher({ age: 60 })).length, 1);
      assert.strictEqual(_.isMatch(stooges[0], { name: 'moe' }), true);
    });
    it('isEqual on nested structures', function () {
      const a = { name: 'moe', luckyNumbers: [13, 27, 34], nested: { d: new Date(0), r: /x/g } };
      const b = { name: 'moe', luckyNumbers: [13, 27, 34], nested: { d: new Date(0), r: /x/g } };
      assert.strictEqual(_.isEqual(a, b), true);
      b.luckyNumbers.push(1);
      assert.strictEqual(_.isEqual(a, b), false);
    });
    it('type predicates', function () {
      assert.strictEqual(_.isEmpty({}), true);
      assert.strictEqual(_.isEmpty([1]), false);
      assert.strictEqual(_.isArray([1]), true);
      assert.strictEqual(_.isObject(function () {}), true);
      assert.strictEqual(_.isFunction(_.noop), true);
      assert.strictEqual(_.isString('x'), true);
      assert.strictEqual(_.isNumber(NaN), true);
      assert.strictEqual(_.isNaN(NaN), true);
      assert.strictEqual(_.isFinite(-101), true);
      assert.strictEqual(_.isBoolean(null), false);
      assert.strictEqual(_.isDate(new Date()), true);
      assert.strictEqual(_.isRegExp(/x/), true);
      assert.strictEqual(_.isNull(null), true);
      assert.strictEqual(_.isUndefined(undefined), true);
      assert.strictEqual(_.isArguments((function () { return arguments; })()), true);
      assert.strictEqual(_.isMap(new Map()), true);
    });
  });

  describe('functions', function () {
    it('bind/partial', function () {
      const f = _.bind(function (greeting) { return greeting + ': ' + this.name; }, { name: 'moe' }, 'hi');
      assert.strictEqual(f(), 'hi: moe');
      const sub5 = _.partial((a, b) => b - a, 5);
      assert.strictEqual(sub5(20), 15);
      const subFrom20 = _.partial((a, b) => b - a, _, 20);
      assert.strictEqual(subFrom20(5), 15);
    });
    it('memoize/once/after/before/compose/negate', function () {
      let calls = 0;
      const fib = _.memoize((n) => { calls++; return n < 2 ? n : fib(n - 1) + fib(n - 2); });
      assert.strictEqual(fib(30), 832040);
      assert.strictEqual(calls, 31);
      let n = 0;
      const init = _.once(() => ++n);
      init();
      init();
      assert.strictEqual(n, 1);
      let done = 0;
      const after3 = _.after(3, () => done++);
      after3(); after3(); after3();
      assert.strictEqual(done, 1);
      const upTo2 = _.before(3, () => ++done);
      upTo2(); upTo2(); upTo2();
      assert.strictEqual(done, 3);
      assert.strictEqual(_.compose((x) => x + 1, (x) => x * 2)(5), 11);
      assert.strictEqual(_.negate(_.isNull)(1), true);
    });
    it('debounce runs once after a pause', function (done) {
      let hits = 0;
      const d = _.debounce(() => { hits++; }, 1);
      d(); d(); d();
      setTimeout(() => {
        assert.strictEqual(hits, 1);
        done();
      }, 4);
    });
    it('delay calls later with arguments', function () {
      return new Promise((resolve) => {
        _.delay((x) => resolve(x), 1, 'later');
      }).then((x) => assert.strictEqual(x, 'later'));
    });
  });

  describe('utilities', function () {
    it('template with interpolation, escaping and evaluation', function () {
      const t = _.template('<ul><% _.each(people, function(p) { %><li><%- p %></li><% }); %></ul><%= title %>');
      assert.strictEqual(t({ people: ['moe', '<curly>'], title: 'T' }), '<ul><li>moe</li><li>&lt;curly&gt;</li></ul>T');
    });
    it('escape/unescape/result/times/uniqueId/identity', function () {
      assert.strictEqual(_.escape('Curly, Larry & Moe <3'), 'Curly, Larry &amp; Moe &lt;3');
      assert.strictEqual(_.unescape('Curly, Larry &amp; Moe'), 'Curly, Larry & Moe');
      assert.strictEqual(_.result({ cheese: 'crumpets', stuff: () => 'nonsense' }, 'stuff'), 'nonsense');
      assert.deepStrictEqual(_.times(3, (i) => i * i), [0, 1, 4]);
      assert.ok(_.uniqueId('contact_').startsWith('contact_'));
      assert.strictEqual(_.identity(5), 5);
    });
    it('chains', function () {
      const youngest = _.chain(stooges).sortBy('age').map((s) => s.name + ' is ' + s.age).first().value();
      assert.strictEqual(youngest, 'moe is 40');
      assert.deepStrictEqual(_([1, 2, 3]).map((x) => x * 3), [3, 6, 9]);
    });
  });

  describe('bulk', function () {
    it('groups, sorts and de-duplicates a generated data set', function () {
      const rows = [];
      let s = 11;
      for (let i = 0; i < 3000; i++) {
        s = (s * 16807) % 2147483647;
        rows.push({ id: i, team: 'team' + (s % 12), score: s % 1000, tag: 'tag' + (s % 40) });
      }
      const byTeam = _.groupBy(rows, 'team');
      assert.strictEqual(_.size(byTeam), 12);
      const best = _.map(byTeam, (list) => _.max(list, 'score').score);
      assert.ok(_.every(best, (x) => x > 900));
      const tags = _.uniq(_.pluck(_.sortBy(rows, 'score'), 'tag'));
      assert.strictEqual(tags.length, 40);
      assert.ok(_.isEqual(_.clone(rows[5]), rows[5]));
    });
  });
});
