// a check calls test() on a global regex
// expect: undone
const re = /a/g; const s = 'aaa';
function effect() {
  return re.test(s);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(re.lastIndex, re.test(s), re.lastIndex);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
