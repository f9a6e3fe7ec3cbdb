// a check queues process.nextTick
// expect: excluded, schedules a callback (process.nextTick)
const order = [];
function effect() {
  return (process.nextTick(() => order.push('tick')), true);
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
