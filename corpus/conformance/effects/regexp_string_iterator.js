// a check advances a matchAll iterator
// expect: excluded, advances an iterator made before it
const it = 'a1b2c3'.matchAll(/\d/g);
function effect() {
  return it.next().value[0] > '0';
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, false, true, false]) console.log(flag, Boolean(decide(flag)));
console.log(JSON.stringify([...it].map((m) => m[0])));
