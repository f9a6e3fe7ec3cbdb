// a check adds to a WeakMap
// expect: undone
const wm = new WeakMap(); const key = {};
function effect() {
  return (wm.set(key, 1), true);
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
