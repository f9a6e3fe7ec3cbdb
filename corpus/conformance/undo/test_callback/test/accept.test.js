const assert = require('assert');
const { accept } = require('../lib');
it('calls the filter only for items that are ok', function () {
  const seen = [];
  const state = { calls: 0 };
  const opts = { filter: (item) => { seen.push(item.id); state.calls++; state.last = item.id; return true; } };
  accept({ ok: false, id: 1 }, opts);
  accept({ ok: true, id: 2 }, opts);
  accept({ ok: false, id: 3 }, opts);
  assert.deepStrictEqual(seen, [2]);
  assert.deepStrictEqual(state, { calls: 1, last: 2 });
  console.log(seen.join(','), JSON.stringify(state));
});
