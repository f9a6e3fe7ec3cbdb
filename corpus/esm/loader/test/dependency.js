import { describe, it } from 'mocha';
import assert from 'assert';
import { sortBy } from 'lodash';
import pick from '..';

describe('a CommonJS dependency imported by name', () => {
  it('sorts, then picks', () => {
    const sizes = sortBy([{ size: 9, free: true }, { size: 6, free: true }], 'size');
    assert.strictEqual(pick(sizes, 5, 0), 6);
  });
});
