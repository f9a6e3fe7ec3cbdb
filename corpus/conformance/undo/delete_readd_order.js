// a check deletes and re-adds a property
// expect: undone
const o = { a: 1, b: 2, c: 3 };
function effect() {
  return (delete o.a, o.a = 9, true);
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
