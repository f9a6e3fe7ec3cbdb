// a check defines a configurable property
// expect: undone
const o = { a: 1 };
function effect() {
  return (Object.defineProperty(o, 'k', { value: 2, configurable: true, enumerable: true }), true);
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
