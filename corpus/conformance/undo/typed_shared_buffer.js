// a check writes through a view sharing the buffer
// expect: undone
const buf = new ArrayBuffer(4); const a = new Uint8Array(buf); const b = new Uint32Array(buf);
function effect() {
  return (a[0] = 1, b[0] === 1);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(b[0], Array.from(a).join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
