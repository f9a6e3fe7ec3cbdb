// ES module syntax in a package without "type": node 20.19+ loads it as a module, require() too
import plain from './plain.mjs';

export function pick(a, b) {
  return a > 0 && b > 0 ? 'both' : `not ${plain === 'plain' ? 'both' : 'loaded'}`;
}
