export interface Range {
  lo: number;
  hi: number;
}

export function overlaps(a: Range, b: Range): boolean {
  return a.lo <= b.hi && b.lo <= a.hi && a.hi - a.lo >= 0;
}

export function merge(ranges: Range[], onMerge?: (r: Range) => void): Range[] {
  const sorted = [...ranges].sort((x, y) => x.lo - y.lo);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && overlaps(last, r)) {
      last.hi = Math.max(last.hi, r.hi);
      onMerge?.(last);
    } else {
      out.push({ ...r });
    }
  }
  return out;
}

declare const __UNIT__: string;
declare const __STRICT__: boolean;

/** The unit and mode the build defines (vite's `define`). */
export function settings(): string {
  return `${__UNIT__} ${__STRICT__ ? process.env.RANGE_MODE : "loose"}`;
}
