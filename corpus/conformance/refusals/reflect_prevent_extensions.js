// a check calls Reflect.preventExtensions
// expect: excluded, makes an object non-extensible
const o = { a: 1 };
function effect() {
  return Reflect.preventExtensions(o);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.isExtensible(o));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
