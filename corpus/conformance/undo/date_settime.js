// a check calls setTime
// expect: undone
const d = new Date(0);
function effect() {
  return d.setTime(86400000) > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(d.getTime());
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
