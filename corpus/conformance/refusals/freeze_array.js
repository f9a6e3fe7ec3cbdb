// a check freezes an array
// expect: excluded, freezes an object
const arr = [1, 2];
function effect() {
  return Object.isFrozen(Object.freeze(arr));
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(Object.isFrozen(arr)); try { 'use strict'; arr.push(3); } catch (e) { console.log(e.constructor.name); } console.log(arr.length);
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
