// a check schedules a promise job
// expect: excluded, queues a promise job
const order = [];
function effect() {
  return (Promise.resolve().then(() => order.push('job')), true);
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
