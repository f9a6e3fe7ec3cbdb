// a check advances a generator
// expect: excluded, advances a generator
function* g() { yield 1; yield 2; yield 3; }
const it = g();
function effect() {
  return it.next().value > 0;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it]));
