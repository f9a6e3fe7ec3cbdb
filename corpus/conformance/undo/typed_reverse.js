// a check reverses a typed array
// expect: undone
const ta = new Int8Array([1, 2, 3]);
function effect() {
  return ta.reverse()[0] === 3;
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
