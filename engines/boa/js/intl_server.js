// decisionprof Intl bridge, the node side (after `const codec = …` from js/intl_codec.js): one
// JSON request per input line, one answer per output line, until the input ends. A request is
// a formatter's method ({k, l, o, m, a}: new Intl[k](l, o)[m](...a)), a static function
// ({s, k?, a}), or a built-in's locale method ({p, m, t, a}: Number.prototype.toLocaleString…).
'use strict';
const readline = require('readline');
const formatters = new Map();
function formatter(k, l, o) {
  const key = JSON.stringify([k, l, o]);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl[k](codec.dec(l), codec.dec(o));
    formatters.set(key, f);
  }
  return f;
}
function answer(q) {
  const args = codec.dec(q.a || []);
  if (q.s) return (q.k ? Intl[q.k] : Intl)[q.s](...args);
  if (q.p) {
    const proto = { Number, BigInt, Date, String, Array }[q.p].prototype;
    return proto[q.m].apply(codec.dec(q.t), args);
  }
  if (q.m === '$members') return members(Intl[q.k].prototype);
  const f = formatter(q.k, q.l, q.o);
  if (q.m === '$snapshot') return snapshot(f);
  // a segmenter's segments, listed: the engine's side iterates them
  if (q.m === 'segment') return Array.from(f.segment(...args), (s) => ({ ...s }));
  return f[q.m](...args);
}
// the names of a prototype's getters and methods
function members(proto) {
  const getters = [], methods = [];
  for (const name of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (d.get) getters.push(name);
    else if (typeof d.value === 'function' && name !== 'constructor') methods.push(name);
  }
  return { getters, methods };
}
// an Intl.Locale as data: its tag, every getter's value, every method's answer (a Locale
// answer as its tag)
function snapshot(f) {
  const { getters, methods } = members(Object.getPrototypeOf(f));
  const props = {}, calls = {};
  for (const name of getters) props[name] = f[name];
  for (const name of methods) {
    try {
      const r = f[name]();
      calls[name] = r instanceof Intl.Locale ? { locale: r.toString() } : { value: r };
    } catch (e) {
      calls[name] = { error: [String(e.name), String(e.message)] };
    }
  }
  return { props, calls };
}
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let out;
  try {
    out = { v: codec.enc(answer(JSON.parse(line))) };
  } catch (e) {
    out = { e: [e && e.name ? String(e.name) : 'Error', e && e.message ? String(e.message) : String(e)] };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
});
