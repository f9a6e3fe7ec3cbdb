// Written for a loader (`mocha -r esm`): the directory import resolves as require would resolve it.
import assert from 'assert';
import { tier } from '../lib';

it('tiers', () => {
  assert.strictEqual(tier(500, true), 'gold');
  assert.strictEqual(tier(50, false), 'silver');
  assert.strictEqual(tier(5, false), 'basic');
});
