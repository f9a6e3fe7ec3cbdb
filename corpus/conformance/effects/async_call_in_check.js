// a check calls an async function
// expect: excluded, queues a promise job
// engines differ: the script's callbacks that run after its own code (timers, jobs) count in its unit in Boa, not under node: Boa's test has their branch points more (the decision's own profile agrees)
let started = 0; async function go() { started++; await null; started++; return true; }
function effect() {
  return go() !== null;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  setTimeout(() => console.log(started), 5);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
