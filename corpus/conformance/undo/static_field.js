// a check writes a class static field
// expect: undone
class Reg { static count = 0; static add() { Reg.count++; return true; } }
function effect() {
  return Reg.add();
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Reg.count);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
