// `namespace A.B` needs the full transform: this file runs transformed and is not profiled.
export namespace Geo.Units {
  export function km(m: number): number {
    return m > 0 && m < 1e12 ? m / 1000 : 0;
  }
}
