export function pad(n) {
  return n < 10 && n >= 0 ? '0' + n : String(n);
}
