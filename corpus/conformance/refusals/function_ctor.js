// a check calls code made by the Function constructor (not instrumented)
// expect: excluded, runs code made by the Function constructor
const bump = new Function('o', 'o.n++; return true;'); const obj = { n: 0 };
function effect() {
  return bump(obj);
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(obj.n);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
