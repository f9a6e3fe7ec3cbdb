// A namespace needs the full transform: this file runs transformed and is not profiled.
export namespace Units {
  export const scale = 2;
  export function double(n: number): number {
    return n > 0 && n < 1e9 ? n * scale : 0;
  }
}
