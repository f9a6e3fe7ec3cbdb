import { connect } from '../src/client.mjs';

it('connects', () => {
  if (typeof connect !== 'function') throw new Error('no connect');
});
