// a check recompiles a regex
// expect: excluded, recompiles a regular expression
const re = /a/;
function effect() {
  return (re.compile('b'), re.test('b'));
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(re.source);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
