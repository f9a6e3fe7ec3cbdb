// a check defines a non-configurable property
// expect: excluded, defines a non-configurable property
const o = {};
function effect() {
  return (Object.defineProperty(o, 'k', { value: 1, configurable: false }), true);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(JSON.stringify(Object.getOwnPropertyDescriptor(o, 'k')), Object.keys(o).length);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
