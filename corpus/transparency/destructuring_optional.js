// Destructuring (declarations, assignments, defaults, rest) and optional chaining / nullish coalescing.
const config = { server: { host: "h", port: 0 }, list: [1, 2, 3], opts: null };
const { server: { host, port = 80 }, list: [first, ...rest], missing = "none" } = config;
console.log(host, port, first, rest.join("+"), missing);
let a, b, c;
({ a, b = 5, ...c } = { a: 1, x: 2, y: 3 });
console.log(a, b, JSON.stringify(c));
[a, [b, c] = [7, 8]] = [10];
console.log(a, b, c);
const holder = { v: 0 };
[holder.v, holder["w"]] = [4, 5];
console.log(holder.v, holder.w);
function f({ x = 1, y } = {}, [z] = [3]) {
  return x > 0 && y !== undefined ? x + y + z : z;
}
console.log(f(), f({ y: 2 }), f({ x: -1, y: 1 }, [9]));
console.log(config.opts?.verbose ?? "quiet", config.server?.port ?? 8080, config.nope?.x?.y);
const maybe = { fn: () => 42, arr: [{ k: 1 }] };
console.log(maybe.fn?.(), maybe.nofn?.(), maybe.arr?.[0]?.k, maybe.arr?.[5]?.k ?? "no");
for (const { k = 0, ...others } of [{ k: 1, j: 2 }, { j: 3 }]) {
  if (k > 0 || Object.keys(others).length > 1) console.log("k", k);
  else console.log("others", JSON.stringify(others));
}
let count = 0;
const o2 = { get n() { count++; return count; } };
const { n: n1 } = o2;
const n2 = o2?.n ?? 0;
console.log(n1, n2, count);
let u;
u ||= "set";
u &&= u + "!";
u ??= "never";
console.log(u);
const cache = {};
cache.x ??= 1;
cache.x ||= 2;
cache.y &&= 3;
console.log(JSON.stringify(cache));
