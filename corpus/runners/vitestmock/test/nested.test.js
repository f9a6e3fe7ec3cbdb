import { it, expect, vi } from 'vitest';
import { use } from '../src/user.js';

it('a vi.mock written in a test applies to the whole file', () => {
  vi.mock('../src/dep.js', () => ({ value: () => 'mocked', flag: 1, default: () => 'x' }));
  expect(use()).toBe('uses mocked');
});
