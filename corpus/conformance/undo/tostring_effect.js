// a check concatenates with a counting toString
// expect: undone
let calls = 0; const o = { toString() { calls++; return 'o'; } };
function effect() {
  return String(o) === 'o';
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
