// a check closes a generator with return()
// expect: excluded, advances a generator
function* g() { yield 1; yield 2; }
const it = g();
function effect() {
  return it.return(7).value === 7;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify(it.next()));
