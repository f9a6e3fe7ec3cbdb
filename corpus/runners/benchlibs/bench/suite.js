'use strict';
// benchmark.js as libraries use it: chained adds, options objects, a deferred case, set-up, and
// a second suite (same case names) started from the first one's `complete` listener
const Benchmark = require('benchmark');
const { pick } = require('../lib/pick');

const words = ['alpha', 'Beta', 'go', 'delta'];
const second = new Benchmark.Suite();
second.add('pick', () => pick(words[1], words[2]));
new Benchmark.Suite('suite')
  .add('pick', () => pick(words[0], words[1]))
  .add({ name: 'with set-up', setup() { this.w = words[3]; }, fn() { return pick(this.w, 'x'); } })
  .add('deferred', (deferred) => { setTimeout(() => { pick('a', 'b'); deferred.resolve(); }, 0); }, { defer: true })
  .on('cycle', (event) => console.log(String(event.target)))
  .on('complete', function () {
    console.log('fastest: ' + this.filter('fastest').map('name'));
    second.run({ async: true });
  })
  .run();
console.log(Benchmark.platform.description !== undefined);
// a suite's own data can be written out (kind-of's benchmark writes JSON.stringify(stats))
console.log(typeof JSON.stringify(new Benchmark.Suite('written')));
