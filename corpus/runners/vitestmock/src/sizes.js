import { readFileSync } from 'node:fs';

export function longer(path, n) {
  return readFileSync(path, 'utf8').length > n || false;
}
