// mitata: groups, a generator case with its state, run() awaited
import { bench, group, summary, run, do_not_optimize } from 'mitata';
import lib from '../lib/pick.js';

group('mitata', () => {
  summary(() => {
    bench('pick', () => do_not_optimize(lib.pick('gamma', 'x')));
    bench('generator', function* () {
      const w = 'epsilon';
      yield () => lib.pick(w, 'x');
    });
  });
});
await run();
