// a check queues a microtask
// expect: excluded, queues a promise job
// engines differ: the script's callbacks that run after its own code (timers, jobs) count in its unit in Boa, not under node: Boa's test has their branch points more (the decision's own profile agrees)
const order = [];
function effect() {
  return (queueMicrotask(() => order.push('micro')), true);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  setTimeout(() => console.log(order.join(',')), 5);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
