const t = require('tap');
const { parseAll } = require('../lib/parse.js');

t.beforeEach((t) => {
  t.context.cfg = parseAll('a=1');
});

t.test('a beforeEach sets the context the test sees', (t) => {
  t.equal(t.context.cfg.a, 1);
  t.context.mutated = true;
  t.end();
});

t.test('each test gets a context of its own', (t) => {
  t.notOk('mutated' in t.context);
  t.end();
});

t.test('same is loose and ends on cycles', (t) => {
  function args() { return arguments; }
  t.same(args(1, 2), [1, 2]);
  t.same({ n: 1 }, { n: '1' });
  t.same({ 0: 'a', 1: 'b' }, ['a', 'b']);
  t.notSame({ 0: 'a', 1: 'b', extra: 1 }, ['a', 'b']);
  const a = { cfg: parseAll('a=1') }; a.self = a;
  const b = { cfg: parseAll('a=1') }; b.self = b;
  t.same(a, b);
  t.notSame(a, { cfg: a.cfg, self: { cfg: {} } });
  t.end();
});

t.test('match compares regexps by source and flags; tap 12 spells teardown tearDown', (t) => {
  let tornDown = false;
  // tap 12 has tearDown, later versions teardown
  (t.tearDown || t.teardown).call(t, () => { tornDown = true; });
  t.match([/^a=\d$/i, 'a=1'], [/^a=\d$/i, /a=/]);
  t.notMatch(/^a$/, /^a$/i);
  t.match(parseAll('a=1'), { a: 1 });
  t.notOk(tornDown);
  t.end();
});
