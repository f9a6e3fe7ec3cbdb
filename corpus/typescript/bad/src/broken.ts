export function half(n: number): number {
  const h: = n / 2;
  return h;
}
