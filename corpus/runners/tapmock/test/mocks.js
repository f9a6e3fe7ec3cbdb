const t = require('tap');
const settings = require('../lib/settings.js');

t.test('mockRequire loads the module anew with its requires mocked', (t) => {
  process.env.SETTINGS_MODE = 'strict';
  const fresh = t.mockRequire('../lib/settings.js', {
    '../lib/store.js': { read: () => 'a long enough text' },
  });
  delete process.env.SETTINGS_MODE;
  t.equal(fresh.mode, 'strict');
  t.equal(fresh.level('any'), 'high');
  t.not(fresh, settings, 'a new instance');
  t.equal(require('../lib/settings.js'), settings, 'the earlier instance comes back');
  t.equal(settings.level('/nonexistent'), 'none');
  t.end();
});

t.test('t.mock is tap 16 spelling, and a built-in can be mocked', (t) => {
  const fresh = t.mock('../lib/settings.js', {
    fs: { existsSync: () => true, readFileSync: () => 'x' },
  });
  t.equal(fresh.level('anything'), 'some');
  t.end();
});

t.test('mockAll applies to every later call, createMock merges', (t) => {
  const fs = require('fs');
  t.mockAll({ fs: t.createMock(fs, { existsSync: () => true, readFileSync: () => 'from mockAll' }) });
  const fresh = t.mockRequire('../lib/settings.js');
  t.equal(fresh.level('x'), 'some');
  t.equal(typeof t.mockAll().fs.statSync, 'function', 'createMock keeps the rest');
  t.end();
});
