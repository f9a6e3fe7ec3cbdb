// a check writes through a private accessor
// expect: undone
class Box { #v = 1; set #value(x) { this.#v = x; } grow() { this.#value = this.#v * 2; return true; } get v() { return this.#v; } }
const b = new Box();
function effect() {
  return b.grow();
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(b.v);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
