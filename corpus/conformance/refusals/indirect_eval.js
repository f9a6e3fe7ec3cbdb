// a check runs indirect eval that writes a global
// expect: excluded, runs code through eval
globalThis.g = 0;
function effect() {
  return (0, eval)('g++, true');
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(globalThis.g);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
