import { describe, it, expect } from 'vitest';
import * as dyn from 'dyn-exports';
import dynDefault, { get } from 'dyn-exports';
import { remember, recall } from '../src/store.js';
import isSmall, { limit } from 'flagged';

describe('a CommonJS dependency read as vitest reads it', () => {
  it('names every property of module.exports', () => {
    expect(typeof dyn.set).toBe('function');
    expect(get({ a: 1 }, 'a')).toBe(1);
  });

  it('is module.exports by default, loaded once', () => {
    expect(dynDefault.get).toBe(get);
    expect(dynDefault.loads).toBe(1);
  });

  it('is the default export a module flagged __esModule holds', () => {
    expect(typeof isSmall).toBe('function');
    expect(isSmall(3)).toBe(true);
    expect(limit).toBe(10);
  });

  it('serves the project module that imports names from it', () => {
    const store = remember({}, 'k', 2);
    remember(store, undefined, 3);
    expect(recall(store, 'k')).toBe(2);
  });
});
