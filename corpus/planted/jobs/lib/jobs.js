'use strict';
// A job runner. Planted decisionprof project: every `&&`/`||` in this file is listed in ../expect.json.

/** True if every dependency of the job is in `done` (costly: scans the 150-entry done list per dependency). */
function depsReady(job, done) {
  let ready = true;
  for (let d = 0; d < job.deps.length; d++) {
    let found = false;
    for (let i = 0; i < done.length; i++) {
      if (done[i] === job.deps[d]) found = true;
    }
    if (!found) ready = false;
  }
  return ready;
}

/** True if the runner is paused (cheap; the workload pauses it nine times out of ten). */
function isPaused(runner) {
  return runner.paused;
}

/** True if the cache entry is older than its time to live (costly: walks the entry's history). */
function isStale(cache, key, now) {
  const entry = cache.get(key);
  let last = 0;
  for (let i = 0; i < entry.history.length; i++) {
    if (entry.history[i] > last) last = entry.history[i];
  }
  return now - last > entry.ttl;
}

/** True if the entry holds no value (cheap; true for most keys the workload asks for). */
function isEmpty(cache, key) {
  return cache.get(key).value === undefined;
}

/** True if a worker is free (costly: scans the pool). */
function workerFree(pool) {
  let free = false;
  for (let i = 0; i < pool.length; i++) {
    if (pool[i] === 0) free = true;
  }
  return free;
}

/** True if the slot number is below the batch limit (cheap; usually false after a few slots). */
function underLimit(k, limit) {
  return k < limit;
}

/** Runs jobs from the front of the queue while they are ready and the runner is not paused. */
function drain(runner, done) {
  let ran = 0;
  // Opportunity in a while test: the pause flag (usually set) should be tested before the deps scan.
  while (depsReady(runner.queue[runner.next], done) && !isPaused(runner)) {
    done.push(runner.queue[runner.next].id);
    runner.next++;
    ran++;
  }
  return ran;
}

/** Keys whose entries are usable: neither empty nor stale. */
function usable(cache, keys, now) {
  const out = [];
  for (let i = 0; i < keys.length; i++) {
    // Opportunity under `!`: the emptiness test (true for most keys) should come first.
    if (!(isStale(cache, keys[i], now) || isEmpty(cache, keys[i]))) out.push(keys[i]);
  }
  return out;
}

/** The slots handed out in one round: one per step while a worker is free and under the limit. */
function slots(pool, limit) {
  const out = [];
  // Opportunity in a for test: the limit test (false once k reaches the small limit) should come first.
  for (let k = 0; workerFree(pool) && underLimit(k, limit); k++) out.push(k);
  return out;
}

/** Length of the leading run of finished jobs in `list`. */
function doneRun(list) {
  let i = 0;
  // Decoy: a bounds test guards the index; with the cheap `.done` test first (tempting, since it ends
  // most runs), a list that is finished to the end throws.
  while (i < list.length && list[i].done) i++;
  return i;
}

module.exports = { depsReady, isPaused, isStale, isEmpty, workerFree, underLimit, drain, usable, slots, doneRun };
