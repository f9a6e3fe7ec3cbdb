'use strict';
// Workload (tape style: the global `test`) for the job runner.
const jobs = require('../lib/jobs');

// 150 finished job ids.
const DONE = [];
for (let i = 0; i < 150; i++) DONE.push('done-' + i);

/** A queue where every 6th job waits for an unfinished dependency (so a drain stops there). */
function makeQueue(n) {
  const q = [];
  for (let i = 0; i < n; i++) {
    const deps = ['done-' + ((i * 7) % 150), 'done-' + ((i * 13) % 150), 'done-' + ((i * 29) % 150)];
    if (i % 6 === 5) deps.push('pending-' + i);
    q.push({ id: 'job-' + i, deps });
  }
  return q;
}
const QUEUE = makeQueue(600);

/** Drains the queue from each of `starts`; the runner is paused for nine calls out of ten. */
function drainAll(starts) {
  let ran = 0;
  let calls = 0;
  starts.forEach((start, i) => {
    const runner = { queue: QUEUE, next: start, paused: i % 10 !== 0 };
    // A paused runner never finishes a job, so only running drains need their own copy of the list.
    const done = runner.paused ? DONE : DONE.slice();
    const n = jobs.drain(runner, done);
    calls++;
    ran += n;
    if (runner.paused) {
      if (n !== 0) throw new Error('a paused runner ran a job');
    }
  });
  return { ran, calls };
}

// A cache of 300 entries: 85% empty, time to live 50, histories of 40 timestamps.
const CACHE = new Map();
const KEYS = [];
for (let i = 0; i < 300; i++) {
  const history = [];
  for (let k = 0; k < 40; k++) history.push((i * 31 + k * 17) % 1000);
  CACHE.set('k' + i, { value: i % 20 < 17 ? undefined : 'v' + i, ttl: 50 + (i % 7) * 100, history });
  KEYS.push('k' + i);
}

// A pool of 120 workers; only the last one is free.
const POOL = [];
for (let i = 0; i < 119; i++) POOL.push(1 + (i % 3));
POOL.push(0);

test('drains from the start of the queue', (t) => {
  const starts = [];
  for (let i = 0; i < 150; i++) starts.push(0);
  const r = drainAll(starts);
  t.equal(r.calls, 150);
  t.equal(r.ran, 15 * 5);
  t.end();
});

test('drains from every position', (t) => {
  const starts = [];
  for (let i = 0; i < 300; i++) starts.push(i);
  const r = drainAll(starts);
  t.ok(r.ran > 0);
  t.end();
});

test('stops at a job with a pending dependency', (t) => {
  const runner = { queue: QUEUE, next: 0, paused: false };
  t.equal(jobs.drain(runner, DONE.slice()), 5);
  t.equal(runner.next, 5);
  t.equal(jobs.depsReady(QUEUE[5], DONE), false);
  t.end();
});

test('lists usable cache entries', (t) => {
  let n = 0;
  for (let now = 900; now < 1000; now += 10) {
    const keys = jobs.usable(CACHE, KEYS, now);
    keys.forEach((k) => t.ok(CACHE.get(k).value !== undefined));
    n += keys.length;
  }
  t.ok(n > 0);
  t.end();
});

test('drops stale entries', (t) => {
  const keys = jobs.usable(CACHE, KEYS, 5000);
  t.deepEqual(keys, []);
  t.end();
});

test('hands out slots up to the limit', (t) => {
  let total = 0;
  for (let r = 0; r < 400; r++) total += jobs.slots(POOL, 1).length;
  t.equal(total, 400);
  t.deepEqual(jobs.slots([1, 1, 1], 5), []);
  t.end();
});

test('measures runs of finished jobs', (t) => {
  const lists = [];
  for (let n = 0; n < 60; n++) {
    const list = [];
    for (let i = 0; i < 40; i++) list.push({ done: n % 10 === 0 ? true : i < n % 37 });
    lists.push(list);
  }
  const runs = lists.map(jobs.doneRun);
  t.equal(runs[0], 40);
  t.equal(runs[5], 5);
  let want = 0;
  for (let n = 0; n < 60; n++) want += n % 10 === 0 ? 40 : n % 37;
  t.equal(runs.reduce((a, b) => a + b, 0), want);
  t.end();
});
