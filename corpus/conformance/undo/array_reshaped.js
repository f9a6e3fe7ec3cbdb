// a check reshapes a plain array: pushes, grows it sparse, adds a named key and a symbol, turns
// an element into an accessor, changes its prototype (the second speculation finds it reshaped)
// expect: undone
const arr = [1, 'two', { three: 3 }];
const tag = Symbol('tag');
function effect() {
  Array.prototype.push.call(arr, 4, 5);
  arr[40] = 'far';
  arr.note = 'added';
  arr[tag] = true;
  Object.defineProperty(arr, 1, { get: () => 'got', configurable: true, enumerable: false });
  Object.setPrototypeOf(arr, { shadow: true });
  arr[0] = -1;
  return arr.length > 40;
}
function decide(flag) {
  return flag && effect();
}
function report() {
  const d = Object.getOwnPropertyDescriptor(arr, 1);
  console.log(
    JSON.stringify(arr),
    Reflect.ownKeys(arr).map(String).join(','),
    Object.getPrototypeOf(arr) === Array.prototype,
    JSON.stringify(d),
    arr[2].three,
  );
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
