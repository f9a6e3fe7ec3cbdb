// a check schedules a timer
// expect: excluded, schedules a timer
// engines differ: the script's callbacks that run after its own code (timers, jobs) count in its unit in Boa, not under node: Boa's test has their branch points more (the decision's own profile agrees)
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
