const t = require('tap');
const { summary } = require('../lib/summary.js');

// a message left empty is tap's default one; a test without a name is `(unnamed test)`
t.matchSnapshot(summary([['1.0.0', '1.1.0']]).total, '');
t.test('', (t) => {
  t.matchSnapshot(summary([['1.0.0', '2.0.0']]).counts);
  t.end();
});
