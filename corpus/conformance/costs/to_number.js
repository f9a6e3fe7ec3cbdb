// a check converts long numeric strings with unary plus: ToNumber charges per character
// expect: charged
const inputs = ['12', '0000000000000000000000000000000000000000000000000000000000000007', 'x'];
function large(s) {
  return +s > 5;
}
let count = 0;
for (let i = 0; i < 24; i++) {
  const s = inputs[i % inputs.length];
  if (large(s) && s.length > 1) count++;
}
console.log('count', count);
