// a check's replace() resets lastIndex of a global regex
// expect: undone
const re = /x/g; re.lastIndex = 2;
function effect() {
  return 'xxx'.replace(re, 'y') === 'yyy';
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
