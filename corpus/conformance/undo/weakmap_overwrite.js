// a check overwrites a WeakMap entry
// expect: undone
const key = {}; const wm = new WeakMap([[key, 1]]);
function effect() {
  return (wm.set(key, wm.get(key) + 1), true);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(wm.get(key));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
