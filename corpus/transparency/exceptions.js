// Exceptions thrown inside checks, caught at various depths; finally blocks; rethrow.
function risky(x) {
  if (x === 3) throw new Error("three");
  return x % 2 === 0;
}
let caught = 0;
for (let i = 0; i < 6; i++) {
  try {
    if (risky(i) && risky(i + 1) || i > 4) console.log("yes", i);
    else console.log("no", i);
  } catch (e) {
    caught++;
    console.log("caught", e.message, i);
  } finally {
    console.log("finally", i);
  }
}
function deep(n) {
  try {
    return n > 0 && deep(n - 1) || risky(n + 3);
  } finally {
    caught += 100;
  }
}
try {
  console.log(deep(2));
} catch (e) {
  console.log("deep caught", e.message, caught);
}
function parse(s) {
  try {
    return JSON.parse(s) || "empty";
  } catch {
    return null;
  }
}
console.log(parse("1"), parse("0"), parse("{"), parse("[]"));
try {
  try {
    throw new TypeError("inner");
  } catch (e) {
    if (e instanceof TypeError && e.message === "inner") throw new RangeError("outer");
  }
} catch (e) {
  console.log(e.name, e.message);
}
const v = (() => {
  try {
    return undefined.x || 1;
  } catch (e) {
    return e instanceof TypeError ? "te" : "other";
  }
})();
console.log(v, caught);
