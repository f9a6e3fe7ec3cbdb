import { weight } from './weight';

// a costly check first, then a cheap one that is mostly false
export function wanted(item) {
  return weight(item) > 10 && item.kind === 'wanted';
}
