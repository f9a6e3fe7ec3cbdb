// a check freezes an object
// expect: excluded, freezes an object
const o = { a: 1 };
function effect() {
  return Object.isFrozen(Object.freeze(o));
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.isFrozen(o)); o.b = 2; console.log(JSON.stringify(o));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
