// a check deletes a property (undo keeps key order)
// expect: undone
const o = { a: 1, b: 2, c: 3 };
function effect() {
  return delete o.b;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.keys(o).join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
