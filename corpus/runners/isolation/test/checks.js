// The checks both test files make: each sees the modules as a fresh load gives them.
import { describe, it, expect } from 'vitest';
import { setMode, shout, callCount } from '../src/settings.js';
import tally from '../src/tally.cjs';
import { registered } from '../src/registry.js';
import { fixture } from './helpers.js';

export function freshModules(file) {
  describe(file, () => {
    it('starts from the module state a fresh load gives', () => {
      expect(callCount()).toBe(0);
      expect(shout('hi')).toBe('hi');
    });

    it('changes the mode for its own file', () => {
      setMode('loud');
      expect(shout('hi')).toBe('HI!');
      expect(callCount()).toBe(2);
    });

    it('counts in its own CommonJS module', () => {
      expect(tally.size()).toBe(0);
      expect(tally.add(file)).toBe(1);
    });

    it('makes its helper objects from one', () => {
      expect(fixture()).toEqual({ id: 1 });
    });

    it('sees what the setup file registered, and its hook once per test', () => {
      expect(registered()).toEqual(['setup', 'each', 'each', 'each', 'each', 'each']);
    });
  });
}
