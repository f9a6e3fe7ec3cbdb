// a check sorts a copy of an array: Array.prototype.sort charges n·log2(n) of its length
// expect: charged
const lists = [[3, 1, 2], Array.from({ length: 300 }, (_, i) => (i * 37) % 101)];
function smallestIsZero(list) {
  return list.slice().sort()[0] === 0;
}
let zeros = 0;
for (let i = 0; i < 12; i++) {
  const list = lists[i % 2];
  if (i % 3 === 1 && smallestIsZero(list)) zeros++;
}
console.log('zeros', zeros);
