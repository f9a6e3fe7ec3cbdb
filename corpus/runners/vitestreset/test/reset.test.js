import { test, expect, vi, afterEach } from 'vitest';

afterEach(() => {
  delete process.env.MODE;
});

test('resetModules makes the next import a new instance', async () => {
  const a = await import('../src/count.js');
  process.env.MODE = 'prod';
  const b = await import('../src/count.js');
  expect(b).toBe(a);
  vi.resetModules();
  const c = await import('../src/count.js');
  expect(c).not.toBe(a);
  expect(c.loads).toBe(a.loads + 1);
  expect([c.mode, c.strict]).toEqual(['prod', true]);
});

test('the instance stays until the next reset', async () => {
  const a = await import('../src/count.js');
  const b = await import('../src/count.js');
  expect(b).toBe(a);
  vi.resetModules();
  expect((await import('../src/count.js')).loads).toBe(a.loads + 1);
});
