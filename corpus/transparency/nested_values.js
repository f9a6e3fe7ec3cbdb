// Nested decisions (inside leaves, inside functions in leaves) and decisions in value contexts.
let evals = 0;
const t = (v) => { evals++; return v; };
function pick(a, b, c) {
  return a && (b || c) && t(a + b > 0 && c !== 0);
}
console.log(pick(1, 0, 2), pick(0, 1, 1), pick(1, 1, 0), pick("x", "", null), evals);
const arr = [5, 0, -3, 8];
const filtered = arr.filter((x) => x > 0 && x < 8 || x === -3 && arr.some((y) => y === 0 || y > 100));
console.log(filtered.join(","));
const name = null;
const label = name || "anon";
const size = arr.length && arr[0];
const first = arr.find((x) => x < 0) || arr[0] && "first";
console.log(label, size, first, evals);
function opts(o) {
  o = o || {};
  const verbose = o.verbose || false;
  const level = (o.level !== undefined && o.level) || 1;
  return [verbose, level, !!(o.a && o.b)].join("/");
}
console.log(opts(), opts({ verbose: true, level: 0 }), opts({ level: 3, a: 1, b: 2 }));
const x = { y: { z: 0 } };
const deep = x && x.y && x.y.z || "zero";
console.log(deep, typeof window !== "undefined" && window.document || "no window");
console.log([1, 2, 3].map((n) => n % 2 === 0 || n > 2 ? n * 10 : t(n) && -n).join(","), evals);
const fnInLeaf = (k) => k > 1 && (function () { return k > 2 || k === -1 && evals > 0; })();
console.log(fnInLeaf(1), fnInLeaf(2), fnInLeaf(3));
// Comma expressions as leaves, computed keys and discriminants.
let seqv;
const arr2 = [1, 2];
if (!arr2 || (seqv = arr2.length, seqv !== 2)) console.log("seq leaf");
else console.log("seq ok", seqv);
const ko = {};
ko[(seqv, "k")] = 1;
ko[seqv > 1 && "m"] = 2;
console.log(Object.keys(ko).join(","));
switch ((seqv, seqv + 1)) {
  case 3: console.log("three"); break;
  case 4: console.log("four");
}
