// a check calls Date setters
// expect: undone
const d = new Date(Date.UTC(2020, 0, 15));
function effect() {
  return d.setUTCFullYear(1999) > 0;
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
