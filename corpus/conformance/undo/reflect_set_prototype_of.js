// a check calls Reflect.setPrototypeOf
// expect: undone
const o = {};
function effect() {
  return Reflect.setPrototypeOf(o, null);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.getPrototypeOf(o) === Object.prototype);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
