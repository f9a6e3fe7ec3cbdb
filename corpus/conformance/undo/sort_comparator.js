// a check sorts in place with a counting comparator
// expect: undone
// engines differ: Array.prototype.sort calls its comparator as often as the engine's sort algorithm needs
const arr = [3, 1, 2]; let calls = 0;
function effect() {
  return arr.sort((x, y) => { calls++; return x - y; })[0] === 1;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(arr.join(','), calls > 0);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
