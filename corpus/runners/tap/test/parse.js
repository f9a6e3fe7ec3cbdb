const t = require('tap');
const { parsePair, parseAll, load } = require('../lib/parse.js');

t.equal(typeof parseAll, 'function', 'root assertions run while the file loads');

let runs = 0;
t.beforeEach(() => { runs++; });

t.test('pairs', (t) => {
  t.same(parsePair('a = 1'), { key: 'a', value: '1' });
  t.match(parsePair('name=decisionprof'), { key: 'name', value: /prof$/ });
  t.throws(() => parsePair('=x'), { name: 'SyntaxError', message: /bad pair/ });
  t.type(parsePair('x=y'), 'object');
  t.end();
});

t.test('files', async (t) => {
  const cfg = await load(async () => '# comment\nport = 8080\nhost = local\n');
  t.has(cfg, { port: 8080 });
  t.strictSame(cfg, { port: 8080, host: 'local' });
  await t.rejects(load(async () => 'broken'), SyntaxError);
  t.equal(runs, 2);
});

t.test('nested', (t) => {
  t.plan(2);
  t.test('inner one', (t) => { t.ok(parseAll('a=1').a === 1); t.end(); });
  t.test('inner two', (t) => { t.notSame(parseAll('a=1'), { a: 2 }); t.end(); });
});
