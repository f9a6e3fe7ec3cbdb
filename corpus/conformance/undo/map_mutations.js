// a check mutates a Map
// expect: undone
const m = new Map([['a', 1]]);
function effect() {
  return (m.set('b', 2), m.delete('a'));
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(JSON.stringify([...m]));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
