import t from 'tap';

t.test('mockImport of build output nobody built loads its source anew each time', async (t) => {
  process.env.FLAGS_VERBOSE = '1';
  const loud = await t.mockImport('../dist/flags.mjs', {});
  delete process.env.FLAGS_VERBOSE;
  const quiet = await t.mockImport('../dist/flags.mjs', {});
  t.equal(loud.level(), 2);
  t.equal(quiet.level(), 1);
});
