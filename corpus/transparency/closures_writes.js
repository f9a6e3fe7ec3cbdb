// Closures writing outer variables and properties from checks that may be evaluated speculatively.
let calls = 0;
let log = [];
const state = { n: 0, tags: {} };
function bump(x) {
  calls += 1;
  state.n++;
  state.tags["t" + x] = true;
  log = log.concat([x]);
  return x > 2;
}
function makeCounter() {
  let c = 0;
  return {
    inc() { c++; return c; },
    get value() { return c; },
    check(limit) { return ++c > limit; },
  };
}
const counter = makeCounter();
const results = [];
for (let i = 0; i < 6; i++) {
  if (i % 2 === 0 || bump(i)) results.push("a" + i);
  if (counter.check(3) && bump(i + 10)) results.push("b" + i);
  const v = i > 3 && bump(i + 20);
  results.push(String(v));
}
console.log(results.join(" "));
console.log(calls, state.n, Object.keys(state.tags).sort().join(","), log.join(","), counter.value);
let x = 1, y = 2;
const swap = () => { [x, y] = [y, x]; return x > y; };
if (x > 5 || swap()) console.log("swapped", x, y);
const o = { p: 1, q: { r: 2 } };
const setDeep = (v) => { o.q.r = v; o["p"] = v + 1; delete o.z; return v; };
if (o.p > 10 && setDeep(5)) console.log("not reached");
if (o.p < 10 && setDeep(7)) console.log("set", o.p, o.q.r);
let g = 0;
function incG() { g += 1; globalThis.gflag = g; return g; }
if (g > 0 && incG()) console.log("no");
console.log("g", g, typeof globalThis.gflag);
// Loop heads that assign outer variables and properties, reached from skipped checks.
let lastKey = "none";
let lastVal = 0;
const box = { cur: null };
function scan(o) {
  for (lastKey in o) {}
  for (lastVal of Object.values(o)) {}
  for (box.cur of [o]) {}
  for ([lastKey, lastVal] of [["pair", 9]]) {}
  return lastVal > 100;
}
if (lastVal === 0 || scan({ a: 1, b: 2 })) console.log("short", lastKey, lastVal, box.cur);
if (lastVal === 0 && scan({ c: 3 })) console.log("never");
console.log("after", lastKey, lastVal, JSON.stringify(box.cur));
