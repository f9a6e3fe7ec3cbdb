import { test, expect } from 'vitest';
import { Stack, type Sized } from '../src/stack';

const sizes = new Map<string, number>([['a', 4], ['b', 7], ['c', 10]]);

test('a .tsx file without JSX runs as TypeScript', () => {
  const s = new Stack<Sized>();
  for (const [, size] of sizes) s.push({ size } as Sized);
  expect(s.heavy(3).map((i) => i.size)).toEqual([4, 10]);
});
