const test = require('node:test');
const assert = require('node:assert');
const { Queue, counter } = require('../src/queue');

test('a promise callback inside an executor adds to the queue', async () => {
  const q = new Queue(3);
  const sizes = await Promise.all([q.add(1), q.add(-2), q.add(3), q.add(4), q.add(5)]);
  assert.deepStrictEqual(sizes, [1, 2, 3, 4, 5]);
  assert.deepStrictEqual(q.drain(), [[2], [], [6], [8], []]);
  assert.strictEqual(q.summary, '3/3');
});

test('forEach inside forEach counts on the object', () => {
  assert.strictEqual(counter.bump(4), 4);
  assert.strictEqual(counter.bump(2), 6);
});

test('a test file\'s own method reads its object two arrows down', () => {
  const o = { k: 'o', m() { return (() => (() => this.k)())(); } };
  class K { constructor() { this.k = 'k'; } m() { return [1].map(() => [2].map(() => this.k))[0][0]; } }
  assert.strictEqual(o.m(), 'o');
  assert.strictEqual(new K().m(), 'k');
});
