// A namespace with values: lowered to the function TypeScript emits, and profiled.
export namespace Units {
  export const scale = 2;
  export function double(n: number): number {
    return n > 0 && n < 1e9 ? n * scale : 0;
  }
}
