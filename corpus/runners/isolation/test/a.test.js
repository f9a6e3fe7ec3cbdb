import { it, expect, beforeEach, afterAll } from 'vitest';
import { freshModules } from './checks.js';

// a top-level hook is this file's only
beforeEach(() => {
  globalThis.__dpHookOf = 'a';
});
afterAll(() => {
  delete globalThis.__dpHookOf;
});

freshModules('a');

it('runs its own top-level hook', () => {
  expect(globalThis.__dpHookOf).toBe('a');
});
