// a check calls setUTCMonth and setUTCDate
// expect: undone
const d = new Date(Date.UTC(2021, 5, 1));
function effect() {
  return (d.setUTCMonth(1), d.setUTCDate(3)) > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(d.toISOString());
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
