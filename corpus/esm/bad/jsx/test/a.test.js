import assert from 'node:assert';
it('still runs', () => assert.strictEqual(2 * 2, 4));
it('import of a .jsx file without React fails naming it', async () => {
  await assert.rejects(import('./widget.jsx'), /Cannot find package 'react'/);
});
