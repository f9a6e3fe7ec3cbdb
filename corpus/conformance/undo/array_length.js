// a check truncates an array
// expect: undone
const arr = [1, 2, 3, 4];
function effect() {
  return (arr.length = 1) === 1;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(arr.join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
