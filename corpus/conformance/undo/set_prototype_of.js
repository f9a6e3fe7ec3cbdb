// a check sets an object's prototype
// expect: undone
const proto = { hello() { return 'hi'; } }; const o = {};
function effect() {
  return Object.setPrototypeOf(o, proto) === o;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(typeof o.hello, Object.getPrototypeOf(o) === Object.prototype);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
