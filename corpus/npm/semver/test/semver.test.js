'use strict';
// Workload for semver: the public API the way its own unit tests use it (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or (when this folder is copied into an unpacked
// release as its workload sub-folder) the package one level up.
const semver = (() => {
  try {
    return require('semver');
  } catch (e) {
    return require('..');
  }
})();

describe('semver', function () {
  describe('valid and clean', function () {
    [
      ['1.2.3', '1.2.3'], ['v1.2.3', '1.2.3'], ['1.2.3-beta.1', '1.2.3-beta.1'],
      ['1.2.3+build.5', '1.2.3'], ['1.2', null], ['a.b.c', null], ['01.2.3', null],
    ].forEach(([input, want]) => {
      it('valid(' + JSON.stringify(input) + ')', function () {
        assert.strictEqual(semver.valid(input), want);
      });
    });
    it('cleans whitespace and prefixes', function () {
      assert.strictEqual(semver.clean('  =v1.2.3   '), '1.2.3');
      assert.strictEqual(semver.clean('~1.0.0'), null);
    });
  });

  describe('comparison', function () {
    const ordered = ['0.0.1', '0.1.0', '0.1.1', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta',
      '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.1.0', '2.0.0',
      '10.0.0'];
    it('orders the precedence example of the spec', function () {
      for (let i = 0; i + 1 < ordered.length; i++) {
        assert.ok(semver.lt(ordered[i], ordered[i + 1]), ordered[i] + ' < ' + ordered[i + 1]);
        assert.ok(semver.gt(ordered[i + 1], ordered[i]));
        assert.strictEqual(semver.compare(ordered[i], ordered[i + 1]), -1);
        assert.strictEqual(semver.rcompare(ordered[i], ordered[i + 1]), 1);
      }
    });
    it('sorts and reverse-sorts', function () {
      const shuffled = ordered.slice().reverse();
      assert.deepStrictEqual(semver.sort(shuffled.slice()), ordered);
      assert.deepStrictEqual(semver.rsort(ordered.slice()), shuffled);
    });
    it('treats build metadata as equal but compareBuild orders it', function () {
      assert.ok(semver.eq('1.2.3+a', '1.2.3+b'));
      assert.strictEqual(semver.compareBuild('1.2.3+a', '1.2.3+b'), -1);
      assert.ok(semver.neq('1.2.3', '1.2.4'));
      assert.ok(semver.gte('1.2.3', '1.2.3'));
      assert.ok(semver.lte('1.2.2', '1.2.3'));
      assert.ok(semver.cmp('1.2.3', '>', '1.2.2'));
    });
    it('compares loose versions', function () {
      assert.strictEqual(semver.compareLoose('1.2.3', '=1.2.3'), 0);
      assert.ok(semver.gt('1.2.3-beta', '1.2.3-alpha', true));
    });
  });

  describe('ranges', function () {
    const cases = [
      ['^1.2.3', '1.8.1', true], ['^1.2.3', '2.0.0', false], ['^0.2.3', '0.2.9', true],
      ['^0.2.3', '0.3.0', false], ['~1.2.3', '1.2.9', true], ['~1.2.3', '1.3.0', false],
      ['1.x', '1.9.9', true], ['1.x || >=2.5.0', '2.6.0', true], ['1.x || >=2.5.0', '2.4.0', false],
      ['>=1.2.7 <1.3.0', '1.2.8', true], ['1.2.3 - 2.3.4', '2.3.4', true], ['1.2.3 - 2.3', '2.3.9', true],
      ['*', '9.9.9', true], ['>1.2.3-alpha.3', '1.2.3-alpha.7', true], ['>1.2.3-alpha.3', '3.4.5-alpha.9', false],
      ['<2.0.0', '1.99.99', true], ['=1.2.3', '1.2.4', false], ['~1', '1.9.0', true],
    ];
    cases.forEach(([range, version, want]) => {
      it('satisfies(' + version + ', ' + range + ') is ' + want, function () {
        assert.strictEqual(semver.satisfies(version, range), want);
      });
    });
    it('picks the highest and lowest satisfying versions', function () {
      const versions = ['1.2.3', '1.2.4', '1.3.0', '2.0.0-rc.1', '2.0.0', '2.1.3'];
      assert.strictEqual(semver.maxSatisfying(versions, '^1.2.0'), '1.3.0');
      assert.strictEqual(semver.minSatisfying(versions, '^1.2.0'), '1.2.3');
      assert.strictEqual(semver.maxSatisfying(versions, '>=2.0.0'), '2.1.3');
      assert.strictEqual(semver.maxSatisfying(versions, '^3.0.0'), null);
      assert.strictEqual(semver.minVersion('>=1.2.3 <2').version, '1.2.3');
    });
    it('normalises ranges', function () {
      assert.strictEqual(semver.validRange('^1.2.3'), '>=1.2.3 <2.0.0-0');
      assert.strictEqual(semver.validRange('~1.2'), '>=1.2.0 <1.3.0-0');
      assert.strictEqual(semver.validRange('blerg'), null);
    });
    it('knows when ranges intersect', function () {
      assert.strictEqual(semver.intersects('^1.2.0', '~1.3.0'), true);
      assert.strictEqual(semver.intersects('^1.2.0', '^2.0.0'), false);
    });
    it('finds versions outside a range', function () {
      assert.strictEqual(semver.gtr('2.0.1', '^1.0.0'), true);
      assert.strictEqual(semver.ltr('0.9.0', '^1.0.0'), true);
      assert.strictEqual(semver.outside('1.5.0', '^1.0.0', '>'), false);
    });
    it('simplifies a range over a version list', function () {
      const versions = ['1.0.0', '1.1.0', '1.2.0', '2.0.0'];
      assert.strictEqual(semver.simplifyRange(versions, '1.0.0 || 1.1.0 || 1.2.0'), '<=1.2.0');
    });
    it('checks subsets', function () {
      assert.strictEqual(semver.subset('^1.2.3', '^1.0.0'), true);
      assert.strictEqual(semver.subset('^1.0.0', '^1.2.3'), false);
    });
  });

  describe('increments and parts', function () {
    [
      ['1.2.3', 'major', '2.0.0'], ['1.2.3', 'minor', '1.3.0'], ['1.2.3', 'patch', '1.2.4'],
      ['1.2.3', 'premajor', '2.0.0-0'], ['1.2.3', 'preminor', '1.3.0-0'], ['1.2.3', 'prepatch', '1.2.4-0'],
      ['1.2.3-0', 'prerelease', '1.2.3-1'], ['1.2.3-beta.1', 'prerelease', '1.2.3-beta.2'],
      ['1.2.3-beta', 'patch', '1.2.3'], ['2.0.0-rc.1', 'major', '2.0.0'],
    ].forEach(([v, release, want]) => {
      it('inc(' + v + ', ' + release + ')', function () {
        assert.strictEqual(semver.inc(v, release), want);
      });
    });
    it('increments with a prerelease identifier', function () {
      assert.strictEqual(semver.inc('1.2.3', 'prerelease', 'beta'), '1.2.4-beta.0');
      assert.strictEqual(semver.inc('1.2.4-beta.0', 'prerelease', 'beta'), '1.2.4-beta.1');
    });
    it('diffs versions', function () {
      assert.strictEqual(semver.diff('1.2.3', '2.0.0'), 'major');
      assert.strictEqual(semver.diff('1.2.3', '1.3.0'), 'minor');
      assert.strictEqual(semver.diff('1.2.3', '1.2.4'), 'patch');
      assert.strictEqual(semver.diff('1.2.3', '1.2.3'), null);
      assert.strictEqual(semver.diff('1.2.3-beta.1', '1.2.3-beta.2'), 'prerelease');
    });
    it('reads parts', function () {
      assert.strictEqual(semver.major('4.5.6'), 4);
      assert.strictEqual(semver.minor('4.5.6'), 5);
      assert.strictEqual(semver.patch('4.5.6'), 6);
      assert.deepStrictEqual(semver.prerelease('1.2.3-alpha.7'), ['alpha', 7]);
      assert.strictEqual(semver.prerelease('1.2.3'), null);
    });
    it('coerces loose strings', function () {
      assert.strictEqual(semver.coerce('v2').version, '2.0.0');
      assert.strictEqual(semver.coerce('42.6.7.9.3-alpha').version, '42.6.7');
      assert.strictEqual(semver.coerce('version 3.1 is out').version, '3.1.0');
      assert.strictEqual(semver.coerce('none'), null);
    });
  });

  describe('classes', function () {
    it('parses a SemVer object', function () {
      const v = new semver.SemVer('1.2.3-rc.4+sha.5');
      assert.strictEqual(v.major, 1);
      assert.deepStrictEqual(v.prerelease, ['rc', 4]);
      assert.deepStrictEqual(v.build, ['sha', '5']);
      assert.strictEqual(v.format(), '1.2.3-rc.4');
      assert.strictEqual(semver.parse('nope'), null);
    });
    it('throws on invalid versions', function () {
      assert.throws(() => new semver.SemVer('1.2'), TypeError);
    });
    it('tests a Range object against many versions', function () {
      const r = new semver.Range('>=1.0.0 <3.0.0 || 5.x');
      let n = 0;
      for (let major = 0; major < 7; major++) {
        for (let minor = 0; minor < 10; minor++) {
          if (r.test(major + '.' + minor + '.0')) n++;
        }
      }
      assert.strictEqual(n, 30);
      assert.strictEqual(r.range, '>=1.0.0 <3.0.0||>=5.0.0 <6.0.0-0');
    });
    it('builds comparators', function () {
      const c = new semver.Comparator('>=1.2.3');
      assert.strictEqual(c.operator, '>=');
      assert.ok(c.test('1.2.4'));
      assert.ok(!c.test('1.2.2'));
    });
  });

  describe('bulk', function () {
    it('sorts and filters a thousand generated versions', function () {
      const versions = [];
      let s = 7;
      for (let i = 0; i < 1000; i++) {
        s = (s * 16807) % 2147483647;
        const pre = s % 5 === 0 ? '-beta.' + (s % 7) : '';
        versions.push((s % 4) + '.' + (s % 13) + '.' + (s % 29) + pre);
      }
      const sorted = semver.sort(versions.slice());
      for (let i = 0; i + 1 < sorted.length; i++) assert.ok(semver.lte(sorted[i], sorted[i + 1]));
      const inRange = versions.filter((v) => semver.satisfies(v, '^2.3.0'));
      inRange.forEach((v) => assert.strictEqual(semver.major(v), 2));
      assert.ok(inRange.length > 0);
    });
  });
});
