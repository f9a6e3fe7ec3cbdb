// a check lower-cases a long string: String.prototype.toLowerCase charges per character
// expect: charged
const words = ['short', 'A'.repeat(2000) + 'b', 'Mixed Case Text'.repeat(50)];
function rare(i) {
  return i % 7 === 3;
}
function hasB(word) {
  return word.toLowerCase().endsWith('b');
}
let hits = 0;
for (let i = 0; i < 30; i++) {
  const w = words[i % words.length];
  if (hasB(w) && rare(i)) hits++;
}
console.log('hits', hits);
