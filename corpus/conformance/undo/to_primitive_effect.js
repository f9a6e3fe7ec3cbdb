// a check coerces with Symbol.toPrimitive
// expect: undone
const hints = []; const o = { [Symbol.toPrimitive](h) { hints.push(h); return 1; } };
function effect() {
  return `${o}` === '1';
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(hints.join(','));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
