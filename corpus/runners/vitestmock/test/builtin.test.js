import { it, expect, vi } from 'vitest';
import { longer } from '../src/sizes.js';
import { readFileSync } from 'node:fs';

vi.mock('node:fs', () => ({ readFileSync: vi.fn(() => 'abcdef') }));

it('mocks a built-in module', () => {
  expect(longer('/no/such/file', 3)).toBe(true);
  expect(longer('/no/such/file', 9)).toBe(false);
  expect(readFileSync).toHaveBeenCalledTimes(2);
});
