// decisionprof `--engine node`, for the runner and the ES-module hooks' thread alike: a dependency
// instrumented for write logging as node loads it, by `decisionprof instrument --log-only`.
'use strict';
const { spawnSync } = require('child_process');

// { code, first, bindings } (its logged bindings numbered from `first`, taken from the shared
// counter `next`, an Int32Array on a SharedArrayBuffer), or { error } when it does not instrument.
module.exports = function instrumentDependency(instrumenter, file, next) {
  for (;;) {
    const first = Atomics.load(next, 0);
    const args = ['instrument', '--log-only', '--json', '--first-binding', String(first), file];
    const r = spawnSync(instrumenter, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (r.status !== 0) return { error: String(r.stderr || r.error).trim().split('\n')[0] };
    const out = JSON.parse(r.stdout);
    // another thread numbered a file meanwhile: instrument again from the new counter
    if (Atomics.compareExchange(next, 0, first, first + out.bindings.length) !== first) continue;
    return { code: out.code, first, bindings: out.bindings };
  }
};
