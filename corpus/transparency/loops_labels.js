// Loops of every kind, labelled break/continue, and decisions in loop tests and updates.
let total = 0;
let hits = 0;
function noisy(x) {
  hits++;
  return x;
}
outer: for (let i = 0; i < 6; i++) {
  inner: for (let j = 0; j < 6; j++) {
    if (j > i && noisy(i % 2 === 0)) continue outer;
    if (i === 4 && j === 2 || i === 5 && noisy(j === 3)) break outer;
    if (j === 3) break inner;
    total += i * j;
  }
}
console.log("total", total, "hits", hits);
let k = 0;
while (k < 10 && (k % 7 !== 6 || noisy(false))) k++;
console.log("k", k, "hits", hits);
let m = 0;
do {
  m += 3;
} while (m < 20 && noisy(m % 2 === 1 || m < 10));
console.log("m", m, "hits", hits);
const obj = { a: 1, b: 2, c: 3 };
const keys = [];
for (const key in obj) {
  if (key !== "b" && obj[key] > 0) keys.push(key);
}
console.log(keys.join(","));
const seen = [];
for (const v of [3, 1, 4, 1, 5, 9, 2, 6]) {
  if (v > 4 || seen.length === 0 && v === 3) seen.push(v);
}
console.log(seen.join(" "));
for (let a = 0, b = 10; a < b && b > 5; a++, b--) {
  total += a && b ? a * b : 0;
}
console.log("total", total);
lbl: {
  if (total > 0 && hits >= 0) break lbl;
  console.log("not reached");
}
console.log("done", hits);
