// a check writes a typed array element
// expect: undone
const ta = new Uint8Array(3);
function effect() {
  return (ta[1] = 9) === 9;
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
