// a check defines an accessor then the getter runs
// expect: undone
const o = { a: 1 };
function effect() {
  return (Object.defineProperty(o, 'b', { get() { return 2; }, enumerable: true, configurable: true }), o.b === 2);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(JSON.stringify(o));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
