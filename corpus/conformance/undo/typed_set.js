// a check calls TypedArray.prototype.set
// expect: undone
const ta = new Int16Array(4);
function effect() {
  return (ta.set([5, 6], 1), true);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Array.from(ta).join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
