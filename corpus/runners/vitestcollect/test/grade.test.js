import { describe, expect, it } from 'vitest';
import { grade } from '../src/grade.js';

const order = [];

describe('grades', () => {
  order.push('grades');
  for (const { score, want } of CASES) {
    it(`${score} is ${want}`, () => {
      expect(grade(score)).toBe(want);
    });
  }
  describe('nested', () => {
    order.push('nested');
    it('is collected after its parent, before the next suite', () => {
      expect(order).toEqual(['grades', 'grades end', 'nested', 'second']);
    });
  });
  order.push('grades end');
});

describe('second', async () => {
  await Promise.resolve();
  order.push('second');
  it('registers after an await', () => {
    expect(grade(95)).toBe('A');
  });
});

const CASES = [
  { score: 95, want: 'A' },
  { score: 80, want: 'B' },
  { score: 10, want: 'C' },
];
