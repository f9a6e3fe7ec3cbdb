import { Kind } from "./kinds.js";

export interface Item {
  kind: Kind;
  size: number;
  tags?: readonly string[];
}

/** Whether any tag is marked: a scan over every tag (expensive). */
function marked(tags: readonly string[]): boolean {
  let hits = 0;
  for (const t of tags) {
    if (t.startsWith("x") && t.length > 2) hits++;
  }
  return hits > 3;
}

export function isSpecial(item: Item, limit: number): boolean {
  return marked(item.tags ?? []) && item.size > limit && (item.kind as string) === Kind.Rare;
}

export function count(items: Item[], limit: number): number {
  let n = 0;
  for (const it of items) {
    if (isSpecial(it, limit)) n++;
  }
  return n;
}
