// decisionprof object-flow runtime (`js-flow`): the `__dp` that code instrumented by
// instrument::instrument_flow calls. Engine-neutral JavaScript: objects are tagged in a WeakMap
// side table (no property is added to any object), counters are kept per allocation site and
// context, and `dump()` hands them over as JSON.
//
// Point numbers come from the instrumenter: an allocation site's number is also the first node
// of its objects' paths. Event kinds (bits): 1 use, 2 heap write, 4 heap read, 8 passed to code
// that is not instrumented, 16 returned, 32 thrown.
(function () {
  'use strict';
  var apply = Reflect.apply, construct = Reflect.construct;
  var fnToString = Function.prototype.toString;
  var isArray = Array.isArray;
  var tags = new WeakMap();
  var seen = new WeakMap();
  var classes = new WeakSet();
  var rows = new Map();    // "site:ctx" -> row
  var sites = new Map();   // site -> { kinds: node -> bits, edges: from*K+to -> objects, paths }
  var pending = 0;         // the call site of the instrumented call about to be entered
  var MAX_PATH = 24;
  var K = 4194304;         // edge keys: from * K + to (point numbers stay below K)

  // The tag record of `v`, through a two-entry cache: WeakMap lookups are the runtime's main cost
  // in Boa, and loops touch the same few objects again and again. Tags are never removed and a
  // new tag refreshes the cache, so a cached answer stays true.
  var c0 = null, r0, c1 = null, r1, flip = false;
  function rec(v) {
    if (v === c0) return r0;
    if (v === c1) return r1;
    var r = tags.get(v);
    if (flip) { c0 = v; r0 = r; } else { c1 = v; r1 = r; }
    flip = !flip;
    return r;
  }

  function bump(m, k, n) { m.set(k, (m.get(k) || 0) + n); }

  function siteData(site) {
    var sd = sites.get(site);
    if (!sd) { sd = { kinds: new Map(), edges: new Map(), paths: new Map() }; sd.kinds.set(site, 0); sites.set(site, sd); }
    return sd;
  }

  function tag(o, site, ctx) {
    var key = site + ':' + ctx;
    var row = rows.get(key);
    if (!row) {
      row = { site: site, ctx: ctx, objects: 0, heap: 0, used: 0, writes: 0, reads: 0, bytes: 0, sd: siteData(site), tests: new Map() };
      rows.set(key, row);
    }
    row.objects++;
    if (isArray(o)) row.bytes += 24 + 4 * o.length;
    else if (typeof o === 'function') row.bytes += 32;
    var r = { row: row, last: site, bits: 0, nodes: [site], path: String(site), used: false, heap: false };
    tags.set(o, r);
    if (o === c0) r0 = r;
    if (o === c1) r1 = r;
    bump(row.sd.paths, r.path, 1);
    bump(row.tests, dp.unit, 1);
    return o;
  }

  // One event of a tracked object at node `p`.
  function ev(r, p, bits) {
    var sd = r.row.sd;
    if (p === r.last) {
      if ((r.bits & bits) === bits) return;
      r.bits |= bits;
      sd.kinds.set(p, (sd.kinds.get(p) || 0) | bits);
      return;
    }
    sd.kinds.set(p, (sd.kinds.get(p) || 0) | bits);
    bump(sd.edges, r.last * K + p, 1);
    r.last = p;
    r.bits = bits;
    if (r.nodes.length < MAX_PATH && r.nodes.indexOf(p) < 0) {
      bump(sd.paths, r.path, -1);
      r.nodes.push(p);
      r.path += ',' + p;
      bump(sd.paths, r.path, 1);
    }
  }

  function isObject(v) { return (typeof v === 'object' && v !== null) || typeof v === 'function'; }

  function use(p, o) {
    if (!isObject(o)) return;
    var r = rec(o);
    if (!r) return;
    if (!r.used) { r.used = true; r.row.used++; }
    ev(r, p, 1);
  }

  function heapWrite(p, v) {
    if (!isObject(v)) return;
    var r = rec(v);
    if (!r) return;
    if (!r.heap) { r.heap = true; r.row.heap++; }
    r.row.writes++;
    ev(r, p, 2);
  }

  function heapRead(p, v) {
    if (!isObject(v)) return;
    var r = rec(v);
    if (!r) return;
    r.row.reads++;
    ev(r, p, 4);
  }

  function passed(p, v) {
    if (!isObject(v)) return;
    var r = rec(v);
    if (!r) return;
    ev(r, p, 8);
  }

  // What unseen code receives, it can reach into: the tracked objects reachable from `v` through
  // data properties, array elements and Map/Set entries get `mark` too (no getter runs, proxies
  // are not entered), at most WALK_LIMIT objects per call.
  var WALK_LIMIT = 10000;
  var gopd = Object.getOwnPropertyDescriptor, ownKeys = Reflect.ownKeys;
  var mapEach = Map.prototype.forEach, setEach = Set.prototype.forEach;
  function deep(p, v, mark) {
    if (!isObject(v)) return;
    var todo = [v], done = new Set();
    while (todo.length > 0 && done.size < WALK_LIMIT) {
      var o = todo.pop();
      if (done.has(o)) continue;
      done.add(o);
      var r = rec(o);
      if (r) mark(p, o);
      if (r === undefined || r.proxy) continue;
      var add = function (x) { if (isObject(x) && rec(x) !== undefined && !done.has(x)) todo.push(x); };
      if (o instanceof Map) apply(mapEach, o, [function (x, k) { add(x); add(k); }]);
      else if (o instanceof Set) apply(setEach, o, [function (x) { add(x); }]);
      var keys = ownKeys(o);
      for (var i = 0; i < keys.length; i++) {
        var d = gopd(o, keys[i]);
        if (d && 'value' in d) add(d.value);
      }
    }
  }

  // Built-ins that read their arguments all the way down.
  var DEEP_READS = new Set();

  // Whether `f` runs instrumented code (it then records its own uses of what it is given).
  function instrumented(f) {
    if (typeof f !== 'function') return false;
    var s = seen.get(f);
    if (s === undefined) {
      s = classes.has(f);
      if (!s) { try { s = fnToString.call(f).indexOf('__dp.en()') >= 0; } catch (e) { s = false; } }
      seen.set(f, s);
    }
    return s;
  }

  // What built-ins do with their arguments (summaries of code we do not instrument).
  var READS = new Set(), STORES = new Map(), ALLOCATING = new Set();
  function own(o, names) { return names.map(function (n) { return o && o[n]; }).filter(function (f) { return typeof f === 'function'; }); }
  [
    own(Object, ['keys', 'values', 'entries', 'getOwnPropertyNames', 'getOwnPropertySymbols', 'freeze', 'isFrozen', 'seal', 'isSealed', 'preventExtensions', 'getPrototypeOf', 'is', 'assign', 'hasOwn', 'fromEntries', 'defineProperty', 'defineProperties', 'getOwnPropertyDescriptor', 'getOwnPropertyDescriptors']),
    own(Object.prototype, ['hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable']),
    own(Array, ['isArray', 'from', 'of']),
    own(Array.prototype, ['forEach', 'map', 'filter', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'indexOf', 'lastIndexOf', 'includes', 'join', 'slice', 'concat', 'flat', 'flatMap', 'sort', 'reverse', 'toSorted', 'toReversed', 'at', 'keys', 'values', 'entries', 'pop', 'shift', 'toString']),
    own(Map.prototype, ['get', 'has', 'delete', 'forEach', 'keys', 'values', 'entries']),
    own(Set.prototype, ['has', 'delete', 'forEach', 'keys', 'values', 'entries']),
    own(WeakMap.prototype, ['get', 'has', 'delete']),
    own(WeakSet.prototype, ['has', 'delete']),
    own(Function.prototype, ['call', 'apply', 'bind']),
    own(Reflect, ['ownKeys', 'has', 'get', 'getPrototypeOf', 'apply', 'construct']),
    own(Promise, ['resolve', 'all', 'allSettled', 'race', 'any']),
    own(Promise.prototype, ['then', 'catch', 'finally']),
    own(String.prototype, ['concat', 'replace', 'replaceAll', 'split', 'match', 'matchAll', 'search']),
    own(RegExp.prototype, ['exec', 'test']),
    own(globalThis, ['String', 'Number', 'Boolean', 'queueMicrotask', 'setTimeout', 'setInterval', 'setImmediate', 'isNaN', 'isFinite'])
  ].forEach(function (fs) { fs.forEach(function (f) { READS.add(f); }); });
  if (typeof console === 'object') own(console, ['log', 'error', 'warn', 'info', 'debug', 'dir', 'table']).forEach(function (f) { DEEP_READS.add(f); });
  own(JSON, ['stringify']).concat(own(globalThis, ['structuredClone'])).forEach(function (f) { DEEP_READS.add(f); });
  // stores: which arguments end up inside the receiver
  own(Array.prototype, ['push', 'unshift', 'fill']).forEach(function (f) { STORES.set(f, 0); });
  own(Array.prototype, ['splice']).forEach(function (f) { STORES.set(f, 2); });
  own(Map.prototype, ['set']).forEach(function (f) { STORES.set(f, 0); });
  own(WeakMap.prototype, ['set']).forEach(function (f) { STORES.set(f, 0); });
  own(Set.prototype, ['add']).forEach(function (f) { STORES.set(f, 0); });
  own(WeakSet.prototype, ['add']).forEach(function (f) { STORES.set(f, 0); });
  [own(Array.prototype, ['map', 'filter', 'slice', 'concat', 'flat', 'flatMap', 'toSorted', 'toReversed', 'toSpliced', 'keys', 'values', 'entries']),
   own(Object, ['keys', 'values', 'entries']), own(Array, ['from']), own(String.prototype, ['split'])]
    .forEach(function (fs) { fs.forEach(function (f) { ALLOCATING.add(f); }); });

  // What a call of code that is not instrumented does with its receiver and arguments.
  function outside(p, f, self, args) {
    if (DEEP_READS.has(f)) { for (var d = 0; d < args.length; d++) deep(p, args[d], use); return; }
    if (READS.has(f)) { for (var i = 0; i < args.length; i++) use(p, args[i]); return; }
    var from = STORES.get(f);
    if (from !== undefined) { for (var j = from; j < args.length; j++) heapWrite(p, args[j]); return; }
    for (var k = 0; k < args.length; k++) deep(p, args[k], passed);
  }

  // Whether calling `f` enters instrumented code (the last answer is kept: loops call the same
  // function again and again).
  var lastFn = null, lastSeen = false;
  function enters(p, f) {
    if (typeof f !== 'function') return false;
    use(p, f);
    if (f === lastFn) return lastSeen;
    var s = seen.get(f);
    if (s === undefined) s = instrumented(f);
    lastFn = f;
    lastSeen = s;
    return s;
  }

  function callWith(p, f, self, args) {
    if (enters(p, f)) { pending = p; return apply(f, self, args); }
    outside(p, f, self, args);
    var r = apply(f, self, args);
    if (args.indexOf(r) < 0) fetched(p, r, self);
    return r;
  }

  // A tracked object that code which is not instrumented hands back (`map.get(k)`, `xs.pop()`)
  // was read out of where it was stored, unless it is the receiver or an argument.
  function fetched(p, r, self, a, b, c) {
    if (isObject(r) && r !== self && r !== a && r !== b && r !== c && rec(r) !== undefined) heapRead(p, r);
    return r;
  }

  function anyObject(a, b, c) { return isObject(a) || isObject(b) || isObject(c); }
  // `invoke(f, self, …args)` calls `f` with `self` through the intrinsic `call` (no `f.call`
  // lookup a proxy could see, no argument array)
  var invoke = Function.prototype.call.bind(Function.prototype.call);

  var dp = {
    on: false,
    unit: 0,
    en: function () { var p = pending; pending = 0; return p; },
    a: function (p, ctx, o, name) {
      if (typeof o === 'function') {
        // closures made by instrumented code are instrumented code
        seen.set(o, true);
        if (name !== undefined && name !== '') Object.defineProperty(o, 'name', { value: name, configurable: true });
      }
      return tag(o, p, ctx);
    },
    fc: function (c, name) {
      classes.add(c);
      if (name !== undefined && name !== '' && c.name === '') Object.defineProperty(c, 'name', { value: name, configurable: true });
      return c;
    },
    u: function (p, o) { use(p, o); return o; },
    // equalities: both operands are used
    se: function (p, a, b) { use(p, a); use(p, b); return a === b; },
    sn: function (p, a, b) { use(p, a); use(p, b); return a !== b; },
    le: function (p, a, b) { use(p, a); use(p, b); return a == b; },
    ln: function (p, a, b) { use(p, a); use(p, b); return a != b; },
    // the hottest call (every property read): the common untracked case is inlined
    g: function (p, o, k) {
      var r = (typeof o === 'object' && o !== null) || typeof o === 'function' ? rec(o) : undefined;
      if (r !== undefined) use(p, o);
      var v = o[k];
      if (((typeof v === 'object' && v !== null) || typeof v === 'function') && (rec(v) !== undefined)) heapRead(p, v);
      return v;
    },
    hw: function (p, v) { heapWrite(p, v); return v; },
    hr: function (p, v) { heapRead(p, v); return v; },
    // a return to a caller that is not instrumented (context 0) hands the object to unseen code
    rt: function (p, ctx, v) { if (ctx === 0) deep(p, v, passed); else if (isObject(v)) { var r = rec(v); if (r) ev(r, p, 16); } return v; },
    x: function (p, v) { deep(p, v, passed); return v; },
    th: function (p, v) { if (isObject(v)) { var r = rec(v); if (r) { ev(r, p, 32); deep(p, v, passed); } } return v; },
    // calls with up to three arguments and no spread: no argument array unless it is needed
    cf0: function (p, f) { if (enters(p, f)) { pending = p; return f(); } return fetched(p, f()); },
    cf1: function (p, f, a) {
      if (enters(p, f)) { pending = p; return f(a); }
      if (isObject(a)) outside(p, f, undefined, [a]);
      return fetched(p, f(a), undefined, a);
    },
    cf2: function (p, f, a, b) {
      if (enters(p, f)) { pending = p; return f(a, b); }
      if (anyObject(a, b)) outside(p, f, undefined, [a, b]);
      return fetched(p, f(a, b), undefined, a, b);
    },
    cf3: function (p, f, a, b, c) {
      if (enters(p, f)) { pending = p; return f(a, b, c); }
      if (anyObject(a, b, c)) outside(p, f, undefined, [a, b, c]);
      return fetched(p, f(a, b, c), undefined, a, b, c);
    },
    cm0: function (p, o, f) {
      use(p, o);
      if (enters(p, f)) { pending = p; return invoke(f, o); }
      return fetched(p, invoke(f, o), o);
    },
    cm1: function (p, o, f, a) {
      use(p, o);
      if (enters(p, f)) { pending = p; return invoke(f, o, a); }
      if (isObject(a)) outside(p, f, o, [a]);
      return fetched(p, invoke(f, o, a), o, a);
    },
    cm2: function (p, o, f, a, b) {
      use(p, o);
      if (enters(p, f)) { pending = p; return invoke(f, o, a, b); }
      if (anyObject(a, b)) outside(p, f, o, [a, b]);
      return fetched(p, invoke(f, o, a, b), o, a, b);
    },
    cf: function (p, f, ...args) {
      return callWith(p, f, undefined, args);
    },
    cm: function (p, o, f, ...args) {
      use(p, o);
      return callWith(p, f, o, args);
    },
    ca: function (p, ctx, o, f, ...args) {
      use(p, o);
      var r = callWith(p, f, o, args);
      if (ALLOCATING.has(f) && isObject(r) && rec(r) === undefined) tag(r, p, ctx);
      return r;
    },
    cn: function (p, ctx, c, ...args) {
      use(p, c);
      var o;
      if (instrumented(c)) { pending = p; o = construct(c, args); }
      else { outside(p, c, undefined, args); o = construct(c, args); }
      if (isObject(o) && rec(o) === undefined) {
        tag(o, p, ctx);
        if (c === Proxy) rec(o).proxy = true;
      }
      return o;
    },
    dump: function () {
      var list = [], edges = [], paths = [], kinds = [], tests = new Map(), split = [];
      rows.forEach(function (r) {
        list.push([r.site, r.ctx, r.objects, r.heap, r.used, r.writes, r.reads, r.bytes]);
        r.tests.forEach(function (n, unit) { bump(tests, r.site + ':' + unit, n); });
      });
      sites.forEach(function (sd, site) {
        sd.kinds.forEach(function (b, node) { kinds.push([site + ':' + node, b]); });
        sd.edges.forEach(function (n, k) { edges.push([site + ':' + Math.floor(k / K) + ':' + (k % K), n]); });
        sd.paths.forEach(function (n, path) { if (n > 0) paths.push([site + '|' + path, n]); });
      });
      tests.forEach(function (n, k) { split.push([k, n]); });
      return JSON.stringify({ rows: list, edges: edges, paths: paths, kinds: kinds, tests: split });
    }
  };
  return dp;
})()
