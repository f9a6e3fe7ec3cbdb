// tinybench: options, a task with hooks, then run() and table() awaited at the top level, and
// the results read
import { Bench } from 'tinybench';
import lib from '../lib/pick.js';

const bench = new Bench({ name: 'tiny', time: 100 });
let word = null;
bench.add('pick lower', () => lib.pick(word, 'zz'), { beforeEach() { word = 'lower'; } });
bench.add('pick upper', () => lib.pick('UPPER', 'zz'));
await bench.run();
// what scripts read of a run: a table row per task, each task's result (no decision here: the
// file's load is not a unit)
const table = bench.table();
console.log(table.length, Object.values(table[0]).includes('pick lower'));
console.log(bench.tasks.map((t) => Object.keys(t.result).length > 0).join());
