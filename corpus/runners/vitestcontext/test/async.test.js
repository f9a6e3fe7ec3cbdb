import { describe, it, expect } from 'vitest';

const order = [];

describe('an async describe', async () => {
  const { notify } = await import('../src/notify.js');
  order.push('collected');

  it.for([1, 2])('registers %i after its await', (n) => {
    expect(n).toBeLessThan(3);
    expect(typeof notify).toBe('function');
  });

  describe('with a suite inside', () => {
    it('that runs in it', () => {
      order.push('inner');
    });
  });
});

it('runs after the async suite, as declared', () => {
  expect(order).toEqual(['collected', 'inner']);
});
