// a costly check first, though the cheap length test is almost never true
function slow(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h === 12345;
}
export function classify(s) {
  if (slow(s) && s.length > 1000) return 'huge';
  if (s === 'a' || s === 'b') return 'ab';
  return 'other';
}
