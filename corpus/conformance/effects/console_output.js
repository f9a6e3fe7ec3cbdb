// a check prints
// expect: excluded, prints (console.log)
let n = 0;
function effect() {
  return (console.log('inside check'), ++n > 0);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(n);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
