// a check deletes a computed key
// expect: undone
const o = { x1: 1, x2: 2, x3: 3 }; let i = 1;
function effect() {
  return delete o['x' + (i + 1)];
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.keys(o).join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
