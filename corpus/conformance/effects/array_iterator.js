// a check advances an Array iterator
// expect: excluded, advances an iterator made before it
const arr = [1, 2, 3, 4]; const it = arr[Symbol.iterator]();
function effect() {
  return !it.next().done;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it]));
