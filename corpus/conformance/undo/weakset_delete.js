// a check deletes from a WeakSet
// expect: undone
const key = {}; const ws = new WeakSet([key]);
function effect() {
  return ws.delete(key);
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
