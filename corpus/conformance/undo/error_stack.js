// a check builds an Error and reads its message
// expect: undone
let made = 0;
function effect() {
  return (made++, new Error('m').message === 'm');
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(made);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
