// a check appends to an outer string
// expect: undone
let s = '';
function effect() {
  return (s += 'x').length > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(JSON.stringify(s));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
