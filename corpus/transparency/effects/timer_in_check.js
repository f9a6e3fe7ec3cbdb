// a check schedules a timer
// expect: excluded, schedules a timer
const order = [];
function effect() {
  return (setTimeout(() => order.push('timer'), 0), true);
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
