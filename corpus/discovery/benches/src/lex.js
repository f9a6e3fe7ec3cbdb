function kind(c) {
  if (c >= 48 && c <= 57) return 'digit';
  if (c >= 97 && c <= 122) return 'ident';
  return 'other';
}
exports.lex = (s) => [...s].map((ch) => kind(ch.charCodeAt(0)));
