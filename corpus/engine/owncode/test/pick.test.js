const assert = require('assert');
const picks = ['lib', 'dist', 'fixtures', 'generated'].map((d) => require(`../${d}/pick.js`));

it('every copy picks', () => {
  assert.deepStrictEqual(picks.map((p) => p(2, 3)), ['lib', 'dist', 'fixtures', 'generated']);
});
