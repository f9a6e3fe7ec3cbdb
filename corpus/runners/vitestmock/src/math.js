export function add(a, b) {
  return a + b;
}
export const limits = { low: 1, steps: [1, 2, 3] };
export class Calc {
  twice(x) {
    return x * 2;
  }
}
