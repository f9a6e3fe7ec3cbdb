// a check reads a getter that caches
// expect: undone
const o = { _c: undefined, get lazy() { if (this._c === undefined) this._c = 42; return this._c; } };
function effect() {
  return o.lazy > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(o._c);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
