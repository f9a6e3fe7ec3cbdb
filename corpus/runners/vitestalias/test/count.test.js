import { test, expect } from 'vitest';
import { count } from '@/count';
import { limit } from '~limits.js';
import { clamp } from '#lib/clamp';

test('aliases resolve in tests and in the modules they load', () => {
  expect(limit).toBe(3);
  expect(count([1, null, 2])).toBe(2);
  expect(count([1, 2, 3, 4, 5])).toBe(3);
  expect(clamp(9, 4)).toBe(4);
});
