// tinybench: options, a task with hooks, then run() and table() awaited at the top level
import { Bench } from 'tinybench';
import lib from '../lib/pick.js';

const bench = new Bench({ name: 'tiny', time: 100 });
let word = null;
bench.add('pick lower', () => lib.pick(word, 'zz'), { beforeEach() { word = 'lower'; } });
bench.add('pick upper', () => lib.pick('UPPER', 'zz'));
await bench.run();
console.log(bench.table().length >= 0);
