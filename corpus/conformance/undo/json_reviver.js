// a check parses JSON with a reviver writing outer state
// expect: undone
let keys = 0;
function effect() {
  return JSON.parse('{"a":1,"b":2}', (k, v) => { keys++; return v; }).a === 1;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(keys);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
