import { expect, it } from 'vitest';

it('each test file gets a window of its own', () => {
  expect(document.getElementById('t')).toBeNull();
  let seen = null;
  window.addEventListener('hello', (e) => { seen = e.detail; });
  window.dispatchEvent(new CustomEvent('hello', { detail: 42 }));
  expect(seen).toBe(42);
});
