// a check adds to a WeakSet
// expect: undone
const ws = new WeakSet(); const key = {};
function effect() {
  return (ws.add(key), true);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(ws.has(key));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
