// a token's class: letters, digits, the rest
export function kind(c) {
  if (c >= 'a' && c <= 'z') return 'letter';
  if (c >= '0' && c <= '9') return 'digit';
  return 'other';
}
