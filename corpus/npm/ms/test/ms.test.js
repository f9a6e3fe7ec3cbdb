'use strict';
// Workload for ms: parsing and formatting durations (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const ms = (() => {
  try {
    return require('ms');
  } catch (e) {
    return require('..');
  }
})();

describe('ms', function () {
  describe('parse', function () {
    [
      ['100', 100], ['1m', 60000], ['1h', 3600000], ['2d', 172800000], ['3w', 1814400000], ['1s', 1000],
      ['100ms', 100], ['1y', 31557600000], ['1.5h', 5400000], ['1   s', 1000], ['-100ms', -100],
      ['-1.5h', -5400000], ['.5ms', 0.5], ['-.5h', -1800000], ['53 milliseconds', 53],
      ['17 msecs', 17], ['1 sec', 1000], ['1 min', 60000], ['1 hr', 3600000], ['2 days', 172800000],
      ['1 week', 604800000], ['1 year', 31557600000], ['1.5 hours', 5400000], ['1.5H', 5400000],
      ['10 Minutes', 600000],
    ].forEach(([input, want]) => {
      it('ms(' + JSON.stringify(input) + ') = ' + want, function () {
        assert.strictEqual(ms(input), want);
      });
    });
    it('returns undefined for unparsable strings', function () {
      assert.strictEqual(ms('☃'), undefined);
      assert.strictEqual(ms('10-.5'), undefined);
      assert.strictEqual(ms('ms'), undefined);
    });
  });

  describe('format', function () {
    [
      [500, '500ms'], [-500, '-500ms'], [1000, '1s'], [10000, '10s'], [60 * 1000, '1m'],
      [60 * 10000, '10m'], [60 * 60 * 1000, '1h'], [-60 * 60 * 1000, '-1h'], [24 * 60 * 60 * 1000, '1d'],
      [24 * 60 * 60 * 10000, '10d'], [234234234, '3d'],
    ].forEach(([input, want]) => {
      it('ms(' + input + ') = ' + want, function () {
        assert.strictEqual(ms(input), want);
      });
    });
    [
      [500, '500 ms'], [1000, '1 second'], [1200, '1 second'], [10000, '10 seconds'], [60 * 1000, '1 minute'],
      [60 * 1200, '1 minute'], [60 * 10000, '10 minutes'], [60 * 60 * 1000, '1 hour'],
      [60 * 60 * 1200, '1 hour'], [60 * 60 * 10000, '10 hours'], [24 * 60 * 60 * 1000, '1 day'],
      [24 * 60 * 60 * 1200, '1 day'], [24 * 60 * 60 * 10000, '10 days'], [-1000, '-1 second'],
    ].forEach(([input, want]) => {
      it('ms(' + input + ', long) = ' + want, function () {
        assert.strictEqual(ms(input, { long: true }), want);
      });
    });
  });

  describe('errors', function () {
    [undefined, null, [], {}, NaN, Infinity, -Infinity, ''].forEach((bad) => {
      it('throws for ' + String(bad), function () {
        assert.throws(() => ms(bad), Error);
      });
    });
  });

  describe('bulk', function () {
    it('round-trips thousands of durations', function () {
      const units = ['ms', 's', 'm', 'h', 'd'];
      let total = 0;
      for (let i = 1; i < 3000; i++) {
        const text = (i % 97) + units[i % units.length];
        const value = ms(text);
        total += value;
        assert.strictEqual(typeof ms(value), 'string');
        assert.strictEqual(typeof ms(value, { long: true }), 'string');
      }
      assert.ok(total > 0);
    });
  });
});
