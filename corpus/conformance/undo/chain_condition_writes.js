// an else-if ladder whose later condition writes a closure variable and a property
// expect: undone
let calls = 0;
const seen = { n: 0 };
function bump(k) {
  calls++;
  seen.n += k;
  return k > 2;
}
function pick(k) {
  if (k === 1) {
    return 'one';
  } else if (bump(k)) {
    return 'big';
  } else {
    return 'small';
  }
}
const out = [];
for (const k of [1, 3, 1, 2, 1]) out.push(pick(k));
console.log(out.join(' '), calls, seen.n);
