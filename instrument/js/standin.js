// A minimal stand-in for the decisionprof runtime object `__dp`, so instrumented programs run under node.
// Load it first: `node -r ./standin.js program.instrumented.js`.
// DP_SPECULATE=1 with DP_META=<file of {"<decision>": <number of leaves or arm conditions>}> runs every
// short-circuited leaf, and every condition after an arm chain's true one, speculatively through its thunk
// and undoes the logged writes afterwards (an exception there is swallowed and undone too); otherwise thunks
// are never run. DP_PLAIN=1 runs decisions' plain copies (`dr`) whenever nothing logs reads, as
// the runtime does for executions it only counts. DP_STATS=1 prints counters on stderr at exit.
'use strict';
(function () {
  const speculate = process.env.DP_SPECULATE === '1';
  const plain = process.env.DP_PLAIN === '1';
  let leafCounts = {};
  if (process.env.DP_META) {
    leafCounts = JSON.parse(require('fs').readFileSync(process.env.DP_META, 'utf8'));
  }
  const stats = { branches: 0, decisions: 0, checks: 0, speculations: 0, undone: 0, suspended: 0, switches: 0 };
  const decisions = []; // open real decisions: { d, ran: Set }
  let checks = 0; // open checks
  let speculating = 0;
  let log = null; // undo entries while speculating

  const dp = {
    on: false,
    b() { stats.branches++; },
    ds(d) {
      if (speculating) return;
      stats.decisions++;
      decisions[decisions.length] = { d, ran: new Set() };
    },
    dr(d) {
      if (plain && !speculating && checks === 0) {
        stats.decisions++;
        return false;
      }
      dp.ds(d);
      return true;
    },
    dc(d) {
      const top = decisions[decisions.length - 1];
      if (top && top.d === d) return true;
      stats.branches++;
      return false;
    },
    cs(d, i) {
      stats.branches++;
      if (speculating) return;
      checks++;
      dp.on = true;
    },
    ce(d, i, v) {
      if (speculating) return v;
      checks--;
      dp.on = checks > 0;
      stats.checks++;
      const top = decisions[decisions.length - 1];
      if (top && top.d === d) top.ran.add(i);
      return v;
    },
    k(d) {
      if (!speculate || speculating) return false;
      const top = decisions[decisions.length - 1];
      return !!(top && top.d === d && leafCounts[d] > top.ran.size);
    },
    de(d, v, thunk, ...values) {
      if (speculating) return v;
      const top = decisions.pop();
      if (thunk && top) {
        const n = leafCounts[d] || 0;
        for (let i = 0; i < n; i++) {
          // the locals the thunk takes come first, then the check's index
          if (!top.ran.has(i)) runSpeculatively((j) => thunk(...values, j), i);
        }
      }
      return v;
    },
    dx(d) { stats.suspended++; },
    sd(d, x) { stats.switches++; return x; },
    sc(d, i) { stats.branches++; },
    sm(d, i) {},
    sw(d, x, dflt, ...labels) {
      stats.switches++;
      const hit = labels.indexOf(x);
      stats.branches += hit < 0 ? labels.length : hit + 1;
      return x;
    },
    wv(b, old, restore) {
      if (log) record(() => restore(old));
    },
    wg(name) {
      if (log) logProperty(globalThis, name);
    },
    wp(o, k) {
      if (log) logProperty(o, k);
    },
    t() {},
    n(x) { return +x; },
    ev(what) {},
    mk(o) {},
    act() { return 0; },
    wq(o, name, old, restore) {
      if (log) record(() => restore(o, old));
    },
    po(o, k) {
      if (log) logProperty(o, k);
      return o;
    },
    pk(o, k) {
      if (log) logProperty(o, k);
      return k;
    },
    rv(b) {},
    rp(o, k) {},
    dt() { return { d: decisions.length, c: checks }; },
    u(t) {
      if (speculating) return;
      decisions.length = Math.min(decisions.length, t.d);
      checks = Math.min(checks, t.c);
      dp.on = checks > 0;
    },
  };

  // Appends an undo action without going through the (possibly patched) Array.prototype.push.
  function record(undo) {
    log[log.length] = undo;
  }

  function logProperty(o, k) {
    if (o === null || (typeof o !== 'object' && typeof o !== 'function')) return;
    let key;
    try { key = typeof k === 'symbol' ? k : String(k); } catch (e) { return; }
    const desc = Object.getOwnPropertyDescriptor(o, key);
    record(() => {
      try {
        if (desc) Object.defineProperty(o, key, desc);
        else delete o[key];
      } catch (e) { /* frozen or non-configurable: the write failed too */ }
    });
  }

  // Built-in mutations are not instrumented; while speculating, snapshot the receiver first.
  function patchBuiltins() {
    const snapArray = (a) => {
      const copy = Array.prototype.slice.call(a);
      record(() => {
        a.length = 0;
        for (let j = 0; j < copy.length; j++) a[j] = copy[j];
      });
    };
    for (const m of ['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']) {
      const orig = Array.prototype[m];
      Object.defineProperty(Array.prototype, m, {
        value: { [m](...args) { if (log && Array.isArray(this)) snapArray(this); return orig.apply(this, args); } }[m],
        writable: true, configurable: true, enumerable: false,
      });
    }
    for (const C of [Map, Set]) {
      const proto = C.prototype;
      const clear = proto.clear;
      const put = C === Map ? proto.set : proto.add;
      for (const m of C === Map ? ['set', 'delete', 'clear'] : ['add', 'delete', 'clear']) {
        const orig = proto[m];
        Object.defineProperty(proto, m, {
          value: { [m](...args) {
            if (log) {
              const entries = [...this];
              const self = this;
              record(() => {
                clear.call(self);
                for (const e of entries) C === Map ? put.call(self, e[0], e[1]) : put.call(self, e);
              });
            }
            return orig.apply(this, args);
          } }[m],
          writable: true, configurable: true, enumerable: false,
        });
      }
    }
  }
  if (speculate) patchBuiltins();

  function runSpeculatively(thunk, i) {
    const savedConsole = console.log;
    console.log = () => {};
    const savedLog = log;
    const savedOn = dp.on;
    log = [];
    speculating++;
    dp.on = true;
    stats.speculations++;
    try {
      thunk(i);
    } catch (e) {
      // A skipped check may depend on an earlier one; its exception is part of the speculation.
      if (process.env.DP_DEBUG) process.stderr.write("speculation threw: " + e + "\n");
    } finally {
      for (let j = log.length - 1; j >= 0; j--) log[j]();
      stats.undone += log.length;
      speculating--;
      log = savedLog;
      dp.on = savedOn;
      console.log = savedConsole;
    }
  }

  Object.defineProperty(globalThis, '__dp', { value: dp, writable: false, enumerable: false });
  if (process.env.DP_STATS === '1') {
    process.on('exit', () => process.stderr.write('__dp ' + JSON.stringify(stats) + '\n'));
  }
})();
