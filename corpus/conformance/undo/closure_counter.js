// a check bumps a closure counter
// expect: undone
const counter = (() => { let n = 0; return { inc() { n++; return n; }, get() { return n; } }; })();
function effect() {
  return counter.inc() > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(counter.get());
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
