// a decision nested in an else-if arm, whose last check deletes from a Set: the write is its last
// check's alone (the enclosing arm sees it too, the nested decision's first check does not)
// expect: undone
const pool = new Set([1, 2, 3, 4]);
function take(v) {
  return pool.delete(v);
}
function pick(x, opts) {
  if (x > 5) {
    return 'big';
  } else if (!opts.strict && x !== 0 && !take(x)) {
    return 'absent';
  }
  return 'other';
}
const out = [];
for (const [x, strict] of [[1, false], [9, false], [7, true], [2, false], [2, false], [0, false], [3, true]]) {
  out.push(pick(x, { strict }));
}
console.log(out.join(' '), [...pool].join(','));
