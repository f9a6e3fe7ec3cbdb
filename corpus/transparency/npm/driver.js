// Exercises the pinned npm packages of corpus/robustness; tests/instrument_transparency.rs runs it against
// the original and the instrumented packages and compares the output.
const out = (label, v) => console.log(label, JSON.stringify(v));

const semver = require('semver');
const versions = ['1.2.3', '1.2.3-beta.1', '2.0.0', '0.0.1', 'v3.4.5', 'not-a-version', '1.2', '10.20.30+build.5'];
for (const v of versions) {
  out('semver', [v, semver.valid(v), semver.clean(v), semver.coerce(v) && semver.coerce(v).version]);
}
const ranges = ['^1.2.0', '~1.2.3', '>=2.0.0 <3', '1.x || >=2.5.0', '*', '<1.0.0-0', 'invalid range'];
for (const r of ranges) {
  out('range', [r, semver.validRange(r), versions.filter((v) => semver.valid(v) && semver.satisfies(v, r))]);
}
out('sort', semver.sort(versions.filter((v) => semver.valid(v))));
out('inc', ['major', 'minor', 'patch', 'prerelease', 'premajor'].map((t) => semver.inc('1.2.3-alpha.1', t, 'beta')));
out('cmp', [semver.gt('1.2.3', '1.2.4'), semver.lt('1.0.0-rc.1', '1.0.0'), semver.diff('1.2.3', '2.0.0'), semver.maxSatisfying(['1.2.3', '1.4.0', '2.0.0'], '^1.0.0')]);

const _ = require('lodash');
const data = [
  { user: 'barney', age: 36, active: true, tags: ['a', 'b'] },
  { user: 'fred', age: 40, active: false, tags: ['b'] },
  { user: 'pebbles', age: 1, active: true, tags: [] },
];
out('lodash.filter', _.filter(data, { active: true }).map((o) => o.user));
out('lodash.sortBy', _.sortBy(data, ['age']).map((o) => o.user));
out('lodash.groupBy', _.groupBy([6.1, 4.2, 6.3], Math.floor));
out('lodash.merge', _.merge({ a: [{ b: 2 }, { d: 4 }] }, { a: [{ c: 3 }, { e: 5 }] }));
out('lodash.cloneDeep', _.isEqual(_.cloneDeep(data), data));
out('lodash.debounce', typeof _.debounce(() => 1, 10));
out('lodash.template', _.template('hello <%= user %>!')({ user: 'fred' }));
out('lodash.strings', [_.camelCase('Foo Bar'), _.kebabCase('fooBar'), _.startCase('--foo-bar--'), _.escape('<a & b>'), _.pad('abc', 8, '_-')]);
out('lodash.arrays', [_.chunk([1, 2, 3, 4, 5], 2), _.difference([2, 1], [2, 3]), _.uniqBy([2.1, 1.2, 2.3], Math.floor), _.zip(['a', 'b'], [1, 2])]);
out('lodash.objects', [_.get({ a: [{ b: { c: 3 } }] }, 'a[0].b.c'), _.pick({ a: 1, b: '2', c: 3 }, ['a', 'c']), _.defaults({ a: 1 }, { b: 2 }, { a: 3 })]);
out('lodash.chain', _.chain(data).filter('active').map('age').sum().value());
out('lodash.is', [_.isEmpty({}), _.isPlainObject([]), _.isNumber(NaN), _.isString('x'), _.isArrayLike('abc')]);

const validator = require('validator');
const inputs = ['foo@bar.com', 'http://example.com/path?q=1', 'not an email', '192.168.0.1', '2001:db8::1', '12345', 'abc', '2020-02-30', '#ff00aa', '4111111111111111'];
for (const s of inputs) {
  out('validator', [s, validator.isEmail(s), validator.isURL(s), validator.isIP(s), validator.isNumeric(s), validator.isDate(s), validator.isHexColor(s), validator.isCreditCard(s)]);
}
out('validator.sanitize', [validator.escape('<b>x</b>'), validator.trim('  x  '), validator.normalizeEmail('Foo.Bar+x@GMail.com')]);

const { marked } = require('marked');
const md = '# Title\n\nSome *emphasis* and **strong** text with `code`.\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> quote\n\n```js\nconst x = 1 && 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[link](http://x.y "title") ![img](a.png)\n';
out('marked', marked.parse(md));
out('marked.inline', marked.parseInline('a _b_ ~~c~~ <span>d</span>'));

const moment = require('moment');
const m = moment.utc('2021-03-04T05:06:07Z');
out('moment', [m.format('YYYY-MM-DD HH:mm:ss dddd MMMM Do'), m.clone().add(40, 'days').format('LLLL'), m.isValid(), moment.utc('garbage', 'YYYY-MM-DD', true).isValid()]);
out('moment.diff', [m.diff(moment.utc('2020-01-01'), 'days'), moment.duration(3725, 'seconds').humanize(), m.clone().startOf('week').toISOString()]);
out('moment.locale', [m.clone().locale('fr').format('LLLL'), m.clone().locale('de').fromNow !== undefined]);
