import { it, expect } from 'vitest';
import { use } from '../src/user.js';
import { add } from '../src/math';

it('gets the real modules in a file without mocks', () => {
  expect(use()).toBe('uses real');
  expect(add(1, 2)).toBe(3);
});
