import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { notify } from '../src/notify.js';

const cleaned = [];

describe('a test context', (test) => {
  // spied while the file loads: the other file's spy must not replace it before these tests run
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

  beforeAll(() => {
    cleaned.push('all-set');
    return () => cleaned.push('all-cleaned');
  });

  beforeEach((context) => {
    context.store = { count: 1 };
    return () => cleaned.push(context.task.name);
  });

  afterEach((context) => {
    context.store.count = 0;
  });

  test('sees what beforeEach put on it', ({ store }) => {
    expect(store.count).toBe(1);
  });

  it('is given to describe as the test function', () => {
    expect(typeof test).toBe('function');
    expect(cleaned).toEqual(['all-set', 'sees what beforeEach put on it']);
  });

  it('warns through the spy of this file', () => {
    expect(notify('a', 'first')).toBe(true);
    expect(notify('a', 'again')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reads the environment this file changed', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(notify('b', 'quiet')).toBe(false);
  });
});

it('ran the cleanups after the tests', () => {
  expect(cleaned).toEqual([
    'all-set',
    'sees what beforeEach put on it',
    'is given to describe as the test function',
    'warns through the spy of this file',
    'reads the environment this file changed',
    'all-cleaned',
  ]);
});

it('calls a test with its context and no this', function (context) {
  expect(this).toBeUndefined();
  expect(context.task.name).toBe('calls a test with its context and no this');
});
