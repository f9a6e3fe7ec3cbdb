// a check writes a symbol-keyed property
// expect: undone
const sym = Symbol('s'); const o = {};
function effect() {
  return (o[sym] = 1) === 1;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.getOwnPropertySymbols(o).length);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
