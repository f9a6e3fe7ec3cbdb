// a check writes an undeclared global
// expect: undone
globalThis.hits = 0;
function effect() {
  return (hits = hits + 1) > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(hits);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
