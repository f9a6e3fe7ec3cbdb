// a check advances a Set values iterator
// expect: excluded, advances an iterator made before it
const s = new Set(['a', 'b', 'c', 'd']); const it = s.values();
function effect() {
  return it.next().value !== 'z';
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it]));
