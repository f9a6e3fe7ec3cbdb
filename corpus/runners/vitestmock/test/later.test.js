import { it, expect, vi } from 'vitest';

it('mocks a module imported after vi.doMock', async () => {
  vi.doMock('../src/dep.js', () => ({ value: () => 'late', flag: 2, default: () => 'hi' }));
  const { use, hello } = await import('../src/user.js');
  expect(use()).toBe('uses late');
  expect(hello()).toBe('hi');
});
