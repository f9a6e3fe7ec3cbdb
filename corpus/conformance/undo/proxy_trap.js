// a check reads through a proxy whose trap records
// expect: undone
const log = []; const p = new Proxy({ x: 1 }, { get(t, k) { log.push(String(k)); return t[k]; } });
function effect() {
  return p.x === 1;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(log.join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
