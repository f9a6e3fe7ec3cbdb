// a check advances a String iterator
// expect: excluded, advances an iterator made before it
const it = 'hello'[Symbol.iterator]();
function effect() {
  return it.next().value !== 'z';
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it]));
