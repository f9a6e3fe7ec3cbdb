// a check calls copyWithin on a typed array
// expect: undone
const ta = new Uint32Array([1, 2, 3, 4]);
function effect() {
  return ta.copyWithin(0, 2)[0] === 3;
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
