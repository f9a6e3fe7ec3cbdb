import { describe, it, expect, vi } from 'vitest';
import { use, hello } from '../src/user.js';
import * as dep from '../src/dep.js';

const { tag } = vi.hoisted(() => ({ tag: 'mocked' }));

vi.mock('../src/dep.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, value: vi.fn(() => tag) };
});

describe('a factory mock', () => {
  it('stands for the module in the modules that import it', () => {
    expect(use()).toBe('uses mocked');
    expect(dep.value).toHaveBeenCalled();
  });
  it('keeps what the factory took from the real module', () => {
    expect(hello()).toBe('hello');
    expect(dep.flag).toBe(1);
  });
  it('leaves the real module to importActual', async () => {
    const real = await vi.importActual('../src/dep.js');
    expect(real.value()).toBe('real');
    expect(vi.isMockFunction(real.value)).toBe(false);
  });
});
