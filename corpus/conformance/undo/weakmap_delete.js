// a check deletes from a WeakMap
// expect: undone
const key = {}; const wm = new WeakMap([[key, 'v']]);
function effect() {
  return wm.delete(key);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(wm.has(key), wm.get(key));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
