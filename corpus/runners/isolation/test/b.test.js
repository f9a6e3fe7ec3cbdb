import { it, expect } from 'vitest';
import { freshModules } from './checks.js';

freshModules('b');

it('runs no hook of another file', () => {
  expect(globalThis.__dpHookOf).toBeUndefined();
});
