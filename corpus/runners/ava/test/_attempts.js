// A helper (ava runs no file named `_…`): a macro that tries an assertion before committing it.
import test from 'ava';

export const settles = test.macro(async (t, q, want) => {
  const first = await t.try(async (tt) => {
    tt.log('items', q.items);
    tt.is(q.items.length, want);
  });
  if (first.passed) {
    first.commit();
    return;
  }
  first.discard();
  const second = await t.try('after a drain', async (tt) => {
    await q.drain(async (x) => x);
    tt.is(q.items.length, 0);
  });
  second.commit();
});
