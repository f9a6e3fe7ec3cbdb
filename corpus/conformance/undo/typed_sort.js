// a check sorts a typed array
// expect: undone
const ta = new Float64Array([3, 1, 2]);
function effect() {
  return ta.sort()[0] === 1;
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
