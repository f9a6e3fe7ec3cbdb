// a check pushes into a nested array
// expect: undone
const o = { list: [[1]] };
function effect() {
  return o.list[0].push(2) > 0;
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
