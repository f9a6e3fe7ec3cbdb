// a check writes arguments of its own function
// expect: undone
function f(a) { arguments[0] = 5; return a; }
function effect() {
  return f(1) === 5;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(f(2));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
