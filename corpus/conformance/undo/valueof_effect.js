// a check coerces with a counting valueOf
// expect: undone
let calls = 0; const o = { valueOf() { calls++; return 5; } };
function effect() {
  return o > 3;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(calls);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
