// a check calls test() and exec() on a regex that is neither global nor sticky, whose lastIndex
// the program set: the spec reads lastIndex and leaves it alone, so nothing is logged
// expect: undone
const re = /b/; const s = 'abc';
re.lastIndex = 2;
function effect() {
  return re.test(s) && re.exec(s) !== null;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)), re.lastIndex);
}
