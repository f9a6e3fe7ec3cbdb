import assert from 'node:assert';
const View = (p: { name: string }) => <b>{p.name}</b>;
it('never loaded', () => assert.ok(View({ name: 'x' })));
