// a guard sequence whose later guard prints when it is evaluated
// expect: excluded, prints
function noisy(v) {
  console.log('checking', v);
  return v < 0;
}
function kind(v) {
  if (v === 0) return 'zero';
  if (noisy(v)) return 'negative';
  return 'positive';
}
const out = [];
for (const v of [0, 5, 0, -1]) out.push(kind(v));
console.log(out.join(' '));
