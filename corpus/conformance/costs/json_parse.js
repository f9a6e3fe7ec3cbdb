// a check parses JSON text: JSON.parse charges per character of its argument
// expect: charged
const texts = ['{"ok":true}', JSON.stringify({ ok: false, list: Array.from({ length: 200 }, (_, i) => i) })];
function ok(t) {
  return JSON.parse(t).ok === true;
}
let n = 0;
for (let i = 0; i < 20; i++) {
  const t = texts[i % 2];
  if (ok(t) || i % 5 === 0) n++;
}
console.log('n', n);
