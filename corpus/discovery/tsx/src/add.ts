export function add(a: number, b: number): number {
  if (Number.isInteger(a) && Number.isInteger(b)) return a + b;
  return Math.round((a + b) * 1e9) / 1e9;
}
