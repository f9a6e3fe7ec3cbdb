import { it, expect, vi } from 'vitest';
import { add, limits, Calc } from '../src/math.js';
import { name } from '../src/store.js';

vi.mock('../src/math.js');
vi.mock('../src/store.js');

it('automocks a module without a factory', () => {
  expect(add(1, 2)).toBeUndefined();
  expect(vi.isMockFunction(add)).toBe(true);
  vi.mocked(add).mockReturnValue(5);
  expect(add(1, 2)).toBe(5);
  expect(limits.low).toBe(1);
  expect(limits.steps).toEqual([]);
  const c = new Calc();
  expect(c.twice(2)).toBeUndefined();
  expect(vi.isMockFunction(c.twice)).toBe(true);
});

it('takes a __mocks__ file next to the module', () => {
  expect(name).toBe('manual store');
});
