// Generators and async functions, with decisions whose leaves await or yield.
function* gen(n) {
  let i = 0;
  while (i < n) {
    const sent = yield i;
    if (sent && sent > 10 || i > 100) i += sent;
    else i++;
  }
  return i;
}
const it = gen(5);
const out = [];
let r = it.next();
while (!r.done) {
  out.push(r.value);
  r = it.next(r.value === 2 ? 20 : undefined);
}
console.log(out.join(","), r.value);
function* pick(xs) {
  for (const x of xs) {
    if (x > 0 && (yield x) !== "skip") yield -x;
  }
}
const p = pick([1, -2, 3]);
console.log(p.next().value, p.next("skip").value, p.next().value, p.next().done);
const sleep = (v) => new Promise((res) => setTimeout(() => res(v), 1));
async function check(a, b) {
  if (a > 1 && await sleep(b > 1) || await sleep(a === 0)) return "yes";
  return "no";
}
async function main() {
  const rs = [];
  for (const [a, b] of [[0, 0], [2, 2], [2, 0], [1, 5]]) rs.push(await check(a, b));
  console.log(rs.join(" "));
  const v = (await sleep(null)) || "default";
  console.log(v);
  const all = await Promise.all([1, 2, 3].map(async (x) => x > 1 && (await sleep(x)) > 2));
  console.log(all.join(","));
  try {
    await Promise.reject(new Error("nope"));
  } catch (e) {
    console.log("caught", e.message);
  }
  for await (const x of (async function* () { yield 1; yield 2; })()) {
    if (x > 1 || x < 0) console.log("async gen", x);
  }
}
main().then(() => console.log("end"));
