// a check writes through a proxy
// expect: undone
const target = {}; const p = new Proxy(target, { set(t, k, v) { t[k] = v * 2; return true; } });
function effect() {
  return (p.y = 2) === 2;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(JSON.stringify(target));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
