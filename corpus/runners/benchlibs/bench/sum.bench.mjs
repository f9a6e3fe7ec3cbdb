// vitest's bench, as `vitest bench` runs it
import { bench, describe } from 'vitest';
import lib from '../lib/pick.js';

describe('vitest', () => {
  bench('pick', () => { lib.pick('omega', 'x'); }, { time: 50 });
});
