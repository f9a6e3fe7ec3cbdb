import assert from 'node:assert';
it('still runs', () => assert.strictEqual(2 * 2, 4));
it('import of a .jsx file fails with a message', async () => {
  await assert.rejects(import('./widget.jsx'), /widget\.jsx: JSX \(\.jsx\) is not supported/);
});
