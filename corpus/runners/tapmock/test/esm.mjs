import t from 'tap';
t.test('mockImport gives an ES module evaluated anew, its imports mocked', async (t) => {
  const before = await import('../lib/platform.mjs');
  process.env.PLATFORM_UNDER_TEST = 'win32';
  const win = await t.mockImport('../lib/platform.mjs', {
    'node:fs': { statSync: () => ({ isDirectory: () => true }) },
  });
  delete process.env.PLATFORM_UNDER_TEST;
  t.equal(win.separator(), '\\');
  t.equal(win.isDir('/nonexistent'), true);
  t.equal(before.separator(), '/');
  t.equal(before.isDir('/nonexistent'), false);
  const sepMocked = await t.mockImport('../lib/platform.mjs', { '../lib/sep.mjs': { sep: ':' } });
  t.equal(sepMocked.separator(), ':');
  t.equal((await import('../lib/platform.mjs')).separator(), '/', 'the earlier instance comes back');
});
