// a check writes a static private field
// expect: undone
class Ids { static #next = 1; static take() { return Ids.#next++; } static peek() { return Ids.#next; } }
function effect() {
  return Ids.take() > 0;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Ids.peek());
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
