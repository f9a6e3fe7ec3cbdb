// a check deletes an array element
// expect: undone
const arr = [1, 2, 3];
function effect() {
  return delete arr[1];
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(1 in arr, arr.length, JSON.stringify(arr));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
