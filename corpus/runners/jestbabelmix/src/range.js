export function clamp(x, lo, hi) {
  return x < lo || x > hi ? Math.min(hi, Math.max(lo, x)) : x;
}

export class Span {
  constructor(lo, hi) {
    this.lo = lo;
    this.hi = hi;
  }

  toJSON() {
    return `${this.lo}..${this.hi}`;
  }
}
