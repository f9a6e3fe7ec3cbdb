// a check advances a Map entries iterator
// expect: excluded, advances an iterator made before it
const m = new Map([[1, 'a'], [2, 'b'], [3, 'c']]); const it = m.entries();
function effect() {
  return it.next().value[0] > 0;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it]));
