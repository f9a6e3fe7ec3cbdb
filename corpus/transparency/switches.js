// Switch statements: fall-through, default in the middle, no default, non-constant cases, nested.
function kind(t) {
  switch (t) {
    case "a":
    case "b":
      return "ab";
    case "c":
      return "c";
    default:
      return "other";
    case "d":
      return "d";
  }
}
console.log(["a", "b", "c", "d", "e"].map(kind).join(","));
function fall(n) {
  const out = [];
  switch (n) {
    case 1:
      out.push(1);
    case 2:
      out.push(2);
      break;
    case 3:
      out.push(3);
    default:
      out.push("d");
    case 4:
      out.push(4);
  }
  return out.join("");
}
console.log([1, 2, 3, 4, 5].map(fall).join(" "));
let side = 0;
function val(x) { side++; return x; }
function dyn(x) {
  switch (x) {
    case val(1): return "one";
    case val(2): return "two";
  }
  return "none";
}
console.log(dyn(2), dyn(9), side);
function nested(a, b) {
  switch (a) {
    case 0:
      switch (b) {
        case 0: return "00";
        case 1: return "01";
      }
      break;
    case 1: {
      let r = b > 0 && a > 0 ? "1+" : "1-";
      return r;
    }
  }
  return "?";
}
console.log(nested(0, 0), nested(0, 1), nested(0, 2), nested(1, 1), nested(1, 0), nested(3, 3));
let loops = 0;
for (let i = 0; i < 5; i++) {
  switch (i % 3) {
    case 0: continue;
    case 1: loops += 10; break;
    case 2: loops += 1;
  }
  loops += 100;
}
console.log(loops);
