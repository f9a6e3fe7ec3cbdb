import test from 'ava';
import { Queue } from '../lib/queue.js';

test.before((t) => {
  t.context.limit = 3;
});

test.beforeEach((t) => {
  t.context.q = new Queue(t.context.limit);
});

test('push and shift', (t) => {
  t.is(t.context.q.push('a'), 1);
  t.is(t.context.q.push('b'), 2);
  t.is(t.context.q.shift(), 'a');
  t.deepEqual(t.context.q.items, ['b']);
  t.like(t.context.q, { limit: 3, items: ['b'] });
});

test('limits', (t) => {
  t.plan(2);
  const q = t.context.q;
  q.push(1); q.push(2); q.push(3);
  const err = t.throws(() => q.push(4), { instanceOf: RangeError, message: /full/ });
  t.true(err instanceof RangeError);
});

test('drains asynchronously', async (t) => {
  t.context.q.push(2);
  t.context.q.push(5);
  t.deepEqual(await t.context.q.drain(async (x) => x * 10), [20, 50]);
  await t.throwsAsync(async () => { throw new TypeError('nope'); }, { instanceOf: TypeError });
});

const pushes = test.macro((t, items, want) => {
  for (const x of items) t.context.q.push(x);
  t.is(t.context.q.items.length, want);
});
test('macro with two', pushes, ['x', 'y'], 2);
test('macro with none', pushes, [], 0);

test.failing('a known bug', (t) => {
  t.is(new Queue(0).shift(), 'never');
});

test.todo('priorities');
