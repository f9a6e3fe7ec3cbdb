// a check assigns __proto__
// expect: undone
const proto = { x: 1 }; const o = {};
function effect() {
  return (o.__proto__ = proto) === proto;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(o.x, Object.getPrototypeOf(o) === proto);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
