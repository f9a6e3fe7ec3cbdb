'use strict';
// Workload for moment: parsing, formatting, arithmetic, durations, locales, all in UTC so the results
// do not depend on the machine's time zone (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const moment = (() => {
  try {
    return require('moment');
  } catch (e) {
    return require('..');
  }
})();

/** Loads a bundled locale, from the dependency or from the unpacked release one level up. */
function loadLocale(name) {
  try {
    return require('moment/locale/' + name);
  } catch (e) {
    return require('../locale/' + name);
  }
}

const T = '2021-03-04T05:06:07.089Z';

describe('moment', function () {
  describe('parsing', function () {
    it('parses ISO 8601 strings', function () {
      const m = moment.utc(T);
      assert.ok(m.isValid());
      assert.strictEqual(m.valueOf(), Date.UTC(2021, 2, 4, 5, 6, 7, 89));
      assert.strictEqual(moment.utc('2021-W09-4').format('YYYY-MM-DD'), '2021-03-04');
      assert.strictEqual(moment.utc('2021-063', 'YYYY-DDDD').format('YYYY-MM-DD'), '2021-03-04');
    });
    [
      ['04/03/2021 17:30', 'DD/MM/YYYY HH:mm', '2021-03-04 17:30'],
      ['March 4th 2021', 'MMMM Do YYYY', '2021-03-04 00:00'],
      ['4 Mar 21 5:06 pm', 'D MMM YY h:mm a', '2021-03-04 17:06'],
      ['20210304', 'YYYYMMDD', '2021-03-04 00:00'],
      ['1614834367', 'X', '2021-03-04 05:06'],
      ['Thu, 04 Mar 2021 05:06:07', 'ddd, DD MMM YYYY HH:mm:ss', '2021-03-04 05:06'],
    ].forEach(([input, fmt, want]) => {
      it('parses ' + JSON.stringify(input) + ' with ' + fmt, function () {
        assert.strictEqual(moment.utc(input, fmt).format('YYYY-MM-DD HH:mm'), want);
      });
    });
    it('flags invalid dates', function () {
      assert.strictEqual(moment.utc('2021-02-30', 'YYYY-MM-DD', true).isValid(), false);
      assert.strictEqual(moment.utc('not a date', 'YYYY-MM-DD', true).isValid(), false);
      assert.strictEqual(moment.utc('2021-13-01', 'YYYY-MM-DD').invalidAt(), 1);
    });
    it('builds from objects and arrays', function () {
      assert.strictEqual(moment.utc({ y: 2020, M: 1, d: 29, h: 12 }).toISOString(), '2020-02-29T12:00:00.000Z');
      assert.strictEqual(moment.utc([2020, 11, 31, 23, 59]).toISOString(), '2020-12-31T23:59:00.000Z');
    });
  });

  describe('formatting', function () {
    [
      ['YYYY-MM-DD', '2021-03-04'], ['dddd, MMMM Do YYYY', 'Thursday, March 4th 2021'], ['ddd, hA', 'Thu, 5AM'],
      ['HH:mm:ss.SSS', '05:06:07.089'], ['Q [quarter] Wo [week]', '1 quarter 9th week'], ['DDDD', '063'],
      ['X x', '1614834367 1614834367089'], ['LT', '5:06 AM'], ['LL', 'March 4, 2021'],
      ['llll', 'Thu, Mar 4, 2021 5:06 AM'], ['gggg-[W]ww-e', '2021-W10-4'], ['GGGG-[W]WW-E', '2021-W09-4'],
      ['[today is] dddd', 'today is Thursday'], ['Z ZZ', '+00:00 +0000'],
    ].forEach(([fmt, want]) => {
      it('formats ' + fmt, function () {
        assert.strictEqual(moment.utc(T).format(fmt), want);
      });
    });
    it('formats ISO strings and JSON', function () {
      assert.strictEqual(moment.utc(T).toISOString(), T);
      assert.strictEqual(JSON.stringify({ t: moment.utc(T) }), '{"t":"' + T + '"}');
      assert.strictEqual(moment.utc(T).format(), '2021-03-04T05:06:07Z');
    });
    it('formats with a fixed offset', function () {
      assert.strictEqual(moment.utc(T).utcOffset(330).format('YYYY-MM-DD HH:mm Z'), '2021-03-04 10:36 +05:30');
      assert.strictEqual(moment.parseZone('2021-03-04T05:06:07-07:00').format('HH:mm Z'), '05:06 -07:00');
    });
  });

  describe('arithmetic', function () {
    it('adds and subtracts units', function () {
      const m = moment.utc(T);
      assert.strictEqual(m.clone().add(1, 'day').format('YYYY-MM-DD'), '2021-03-05');
      assert.strictEqual(m.clone().add(1, 'month').format('YYYY-MM-DD'), '2021-04-04');
      assert.strictEqual(m.clone().subtract(3, 'months').format('YYYY-MM-DD'), '2020-12-04');
      assert.strictEqual(m.clone().add({ hours: 25, minutes: 61 }).format('YYYY-MM-DD HH:mm'), '2021-03-05 07:07');
      assert.strictEqual(moment.utc('2020-01-31').add(1, 'month').format('YYYY-MM-DD'), '2020-02-29');
    });
    it('starts and ends units', function () {
      const m = moment.utc(T);
      assert.strictEqual(m.clone().startOf('month').toISOString(), '2021-03-01T00:00:00.000Z');
      assert.strictEqual(m.clone().endOf('year').toISOString(), '2021-12-31T23:59:59.999Z');
      assert.strictEqual(m.clone().startOf('isoWeek').format('YYYY-MM-DD'), '2021-03-01');
      assert.strictEqual(m.clone().startOf('quarter').format('YYYY-MM-DD'), '2021-01-01');
    });
    it('diffs', function () {
      const a = moment.utc('2021-01-01');
      const b = moment.utc('2021-03-15T12:00:00Z');
      assert.strictEqual(b.diff(a, 'days'), 73);
      assert.strictEqual(b.diff(a, 'months'), 2);
      assert.strictEqual(b.diff(a, 'hours'), 1764);
      assert.strictEqual(Math.round(b.diff(a, 'months', true) * 100) / 100, 2.47);
      assert.strictEqual(a.diff(b, 'weeks'), -10);
    });
    it('compares', function () {
      const a = moment.utc('2021-01-01');
      const b = moment.utc('2021-03-15');
      assert.ok(a.isBefore(b));
      assert.ok(b.isAfter(a, 'month'));
      assert.ok(a.isSame('2021-01-01T23:00:00Z', 'day'));
      assert.ok(moment.utc('2021-02-01').isBetween(a, b));
      assert.strictEqual(moment.max(a, b), b);
      assert.strictEqual(moment.min(a, b), a);
    });
    it('gets and sets fields', function () {
      const m = moment.utc(T);
      assert.strictEqual(m.year(), 2021);
      assert.strictEqual(m.month(), 2);
      assert.strictEqual(m.date(), 4);
      assert.strictEqual(m.day(), 4);
      assert.strictEqual(m.dayOfYear(), 63);
      assert.strictEqual(m.isoWeek(), 9);
      assert.strictEqual(m.quarter(), 1);
      assert.strictEqual(m.daysInMonth(), 31);
      assert.strictEqual(m.clone().set({ year: 2024, month: 1, date: 29 }).format('YYYY-MM-DD'), '2024-02-29');
      assert.strictEqual(m.isLeapYear(), false);
      assert.strictEqual(m.weeksInYear(), 52);
    });
  });

  describe('relative time', function () {
    [
      [30, 'seconds', 'a few seconds ago'], [50, 'seconds', 'a minute ago'], [10, 'minutes', '10 minutes ago'],
      [2, 'hours', '2 hours ago'], [1, 'days', 'a day ago'], [20, 'days', '20 days ago'], [45, 'days', 'a month ago'],
      [8, 'months', '8 months ago'], [2, 'years', '2 years ago'],
    ].forEach(([n, unit, want]) => {
      it(n + ' ' + unit + ' ago reads ' + JSON.stringify(want), function () {
        const now = moment.utc(T);
        assert.strictEqual(now.clone().subtract(n, unit).from(now), want);
      });
    });
    it('reads the future and calendar times', function () {
      const now = moment.utc(T);
      assert.strictEqual(now.clone().add(3, 'days').from(now), 'in 3 days');
      assert.strictEqual(now.clone().add(3, 'days').from(now, true), '3 days');
      assert.strictEqual(now.clone().add(1, 'day').calendar(now), 'Tomorrow at 5:06 AM');
    });
  });

  describe('durations', function () {
    it('builds and reads durations', function () {
      const d = moment.duration({ days: 1, hours: 2, minutes: 3 });
      assert.strictEqual(d.asMinutes(), 1563);
      assert.strictEqual(d.hours(), 2);
      assert.strictEqual(moment.duration(90, 'minutes').humanize(), '2 hours');
      assert.strictEqual(moment.duration(-1, 'day').humanize(true), 'a day ago');
      assert.strictEqual(moment.duration('P1Y2M3DT4H5M6S').toISOString(), 'P1Y2M3DT4H5M6S');
      assert.strictEqual(moment.duration('23:59:59').asSeconds(), 86399);
      assert.strictEqual(moment.duration(1500).add(500).asSeconds(), 2);
    });
  });

  describe('locales', function () {
    it('formats in French and German and switches back', function () {
      loadLocale('fr');
      loadLocale('de');
      // Loading a locale makes it the global one; go back to English for the other tests.
      moment.locale('en');
      const m = moment.utc(T);
      assert.strictEqual(m.clone().locale('fr').format('dddd D MMMM YYYY'), 'jeudi 4 mars 2021');
      assert.strictEqual(m.clone().locale('de').format('dddd, D. MMMM YYYY'), 'Donnerstag, 4. März 2021');
      assert.strictEqual(moment.utc(T).locale(), 'en');
      assert.deepStrictEqual(moment.localeData('fr').months().slice(0, 2), ['janvier', 'février']);
    });
  });

  describe('bulk', function () {
    it('formats and parses a year of timestamps', function () {
      let m = moment.utc('2020-01-01T00:00:00Z');
      let last = '';
      for (let i = 0; i < 366; i++) {
        const s = m.format('YYYY-MM-DD HH:mm dddd');
        const back = moment.utc(s, 'YYYY-MM-DD HH:mm dddd');
        assert.strictEqual(back.valueOf(), m.valueOf());
        last = s;
        m = m.add(1, 'day').add(7, 'minutes');
      }
      assert.strictEqual(last, '2021-01-01 18:35 Friday');
    });
  });
});
