// a check changes the prototype of a class instance
// expect: undone
class A { who() { return 'A'; } } class B { who() { return 'B'; } } const a = new A();
function effect() {
  return (Object.setPrototypeOf(a, B.prototype), a.who() === 'B');
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(a.who(), a instanceof A);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
