import test from 'ava';
import { Queue } from '../lib/queue.js';
import { settles } from './_attempts.js';

test('an attempt that passes is committed', settles, new Queue(3), 0);

test('a failed attempt is discarded and the second committed', async (t) => {
  const q = new Queue(3);
  q.push(1);
  await settles.exec(t, q, 0);
});

test('assertions say whether they passed', (t) => {
  t.true(t.is(1, 1));
  t.true(t.throws(() => { throw new RangeError('full'); }, { message: (m) => t.is(m, 'full') }) instanceof RangeError);
});

test.failing('a failed attempt committed fails the test', async (t) => {
  const r = await t.try((tt) => tt.is(1, 2));
  t.false(r.passed);
  r.commit();
});

test.failing('an attempt left open fails the test', async (t) => {
  await t.try((tt) => tt.pass());
});
