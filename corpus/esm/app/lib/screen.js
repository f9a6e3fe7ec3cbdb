// Order screening as an ES module. Opportunity: the costly scan runs before the cheap total test.
import { mentionsKnownWord } from './legacy.cjs';
import legacy from './legacy.cjs';
import { LIMIT } from '#limits';
import words from './words.json' with { type: 'json' };
import { flavour } from 'dual';

export const where = import.meta.url.startsWith('file://') && import.meta.url.endsWith('/lib/screen.js');

export function needsReview(order) {
  if (mentionsKnownWord(order.note) && order.total > LIMIT) {
    return true;
  }
  return false;
}

export function weight(kind) {
  let w = 0;
  switch (kind) {
    case 'pointer:open': w = 1; break;
    case 'keyboard:up': w = 5; break;
    case 'scroll:stop': w = 9; break;
    case 'scroll:move': w = 10; break;
  }
  return w;
}

export const facts = { words: words.count, legacy: legacy.kind, flavour, limit: LIMIT };
