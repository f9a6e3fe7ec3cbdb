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
