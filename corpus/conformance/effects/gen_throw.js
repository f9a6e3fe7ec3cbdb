// a check throws into a generator
// expect: excluded, advances a generator
function* g() { try { yield 1; yield 2; } catch (e) { yield 'caught ' + e; } }
const it = g(); it.next();
function effect() {
  return String(it.throw('x').value).length > 0;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it]));
