import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { wanted } from '../src';
import { weight } from '../src/weight';

test('wanted items', () => {
  let n = 0;
  for (let i = 0; i < 400; i++) if (wanted({ size: i, kind: i % 10 === 0 ? 'wanted' : 'other' })) n++;
  assert.is(n, 34);
  assert.ok(weight({ size: 3 }) > 10);
});

test.run();
