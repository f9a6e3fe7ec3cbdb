// a check writes a private field
// expect: undone
class Counter { #n = 0; bump() { this.#n++; return this.#n > 0; } get n() { return this.#n; } }
const c = new Counter();
function effect() {
  return c.bump();
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(c.n);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
