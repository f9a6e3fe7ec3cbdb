// a check assigns lastIndex
// expect: undone
const re = /q/g;
function effect() {
  return (re.lastIndex = 5) > 0;
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
