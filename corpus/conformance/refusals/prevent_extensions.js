// a check makes an object non-extensible
// expect: excluded, makes an object non-extensible
const o = { a: 1 };
function effect() {
  return !Object.isExtensible(Object.preventExtensions(o));
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.isExtensible(o)); o.b = 2; console.log(JSON.stringify(o));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
