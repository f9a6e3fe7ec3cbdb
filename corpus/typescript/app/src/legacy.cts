// CommonJS written in TypeScript.
type Pair = [number, number];

function inRange(p: Pair, n: number): boolean {
  return n >= p[0] && n <= p[1] && n % 7 !== 3;
}

module.exports = { inRange };
