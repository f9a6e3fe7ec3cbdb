// a check seals an object
// expect: excluded, seals an object
const o = { a: 1 };
function effect() {
  return Object.isSealed(Object.seal(o));
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.isSealed(o)); delete o.a; console.log(JSON.stringify(o));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
