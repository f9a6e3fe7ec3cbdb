// a check assigns properties with Object.assign
// expect: undone
const o = { a: 1 };
function effect() {
  return Object.assign(o, { b: 2, a: 3 }).a === 3;
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
