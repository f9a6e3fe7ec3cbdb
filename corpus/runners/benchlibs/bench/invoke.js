'use strict';
// benchmark.js's `Benchmark.invoke`, as chaijs/loupe runs its benchmarks: each `Benchmark` is
// built alone and `run` is invoked on all of them
const Benchmark = require('benchmark');
const { pick } = require('../lib/pick');

const benches = [new Benchmark('invoked pick', { fn() { pick('gamma', 'x'); } })];
Benchmark.invoke(benches, {
  name: 'run',
  onComplete() {
    console.log('~Fin~');
  },
});
