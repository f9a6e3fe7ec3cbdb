import { describe, it } from 'mocha';
import assert from 'assert';
import pick from '..';

describe('pick', () => {
  it('takes the first free size that fits', () => {
    const sizes = [{ size: 2, free: true }, { size: 8, free: false }, { size: 9, free: true }];
    assert.strictEqual(pick(sizes, 5, 0), 9);
    assert.strictEqual(pick(sizes, 10, -1), -1);
  });
});
