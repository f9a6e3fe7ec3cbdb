/** `"lo-hi"` or `"n"` as `{ lo, hi }`; null when it is not a range. */
export function parseRange(text) {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (m === null || (m[2] !== undefined && Number(m[2]) < Number(m[1]))) return null;
  const lo = Number(m[1]);
  return { lo, hi: m[2] === undefined ? lo : Number(m[2]) };
}
