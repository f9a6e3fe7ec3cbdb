// a check calls exec() on a sticky regex
// expect: undone
const re = /b/y; re.lastIndex = 1; const s = 'abbb';
function effect() {
  return re.exec(s) !== null;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(re.lastIndex);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
