// A type and a value of one module, re-exported by `src/ops_index.ts` without `type`.
export type Op = "<" | ">" | "=";

export interface Compared {
  op: Op;
}

export function compare(a: number, b: number): Compared {
  return { op: a < b ? "<" : a > b ? ">" : "=" };
}
