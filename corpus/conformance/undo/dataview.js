// a check writes through a DataView
// expect: undone
const dv = new DataView(new ArrayBuffer(8));
function effect() {
  return (dv.setInt32(0, 42), dv.getInt32(0) === 42);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(dv.getInt32(0), dv.getUint8(3));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
