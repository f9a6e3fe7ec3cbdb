// a check allocates and exhausts its own generator (no outside effect)
// expect: excluded, advances a generator
function* g(n) { for (let i = 0; i < n; i++) yield i; } let total = 0;
function effect() {
  return [...g(3)].length === 3;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(total);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
