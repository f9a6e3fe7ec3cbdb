// a check fills a typed array
// expect: undone
const ta = new Uint8Array(4);
function effect() {
  return ta.fill(7)[0] === 7;
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
