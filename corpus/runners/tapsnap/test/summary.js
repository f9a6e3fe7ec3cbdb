'use strict';
const t = require('tap');
const { bump, summary } = require('../lib/summary');

// every test's snapshots are cleaned by the root test's cleanSnapshot, as tap inherits it
t.cleanSnapshot = (s) => s.split(process.version).join('@@NODE@@');

const pairs = [];
for (let i = 0; i < 30; i++) pairs.push(['1.2.3', i % 3 === 0 ? '2.0.0' : i % 3 === 1 ? '1.3.0' : '1.2.4']);

t.test('summarizes releases', (t) => {
  t.matchSnapshot(summary(pairs), 'the summary');
  t.matchSnapshot(bump('1.0.0', '1.0.1'));
  t.matchSnapshot({ z: 1, a: [1, 'two', { nested: true }], m: 'one line\n' }, 'sorted keys');
  t.end();
});

t.test('resolves first', (t) => t.resolveMatchSnapshot(Promise.resolve({ code: 0, out: '1.2.3\n', signal: null, node: process.version }), 'a result'));

t.test('outer', (t) => {
  t.test('inner', (t) => {
    t.matchSnapshot([bump('1.0.0', '1.1.0'), bump('1.0.0', '1.0.0')], 'bumps');
    t.end();
  });
  t.end();
});

t.test('changed since it was recorded', (t) => {
  t.matchSnapshot({ total: pairs.length + 1 }, 'stale');
  t.end();
});


t.test('never recorded', (t) => {
  t.matchSnapshot('new', 'missing');
  t.end();
});
