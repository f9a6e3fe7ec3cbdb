import { limit } from '#lib/limits.js';
import { clamp } from '~clamp';

export function count(items) {
  return clamp(items.filter((x) => x !== null && x !== undefined).length, limit);
}
