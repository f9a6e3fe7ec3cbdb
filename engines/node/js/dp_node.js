// decisionprof `__dp` runtime for node (`--engine node`): the protocol of ARCHITECTURE.md with the
// semantics of the Boa engine's runtime (engine/src/rt.rs and dp.rs): branch points, decision and
// check stacks, per-unit cost-value histories, speculative evaluation of short-circuited checks with
// every write undone, the replay test, exclusions and effects. Evaluated as a function expression
// and called with (config, undo, require): `undo` is the helper object of engine/js/undo.js. Returns
// { dp, beginUnit, endUnit, dump, ... } for the runner (engine/js/node_profile.js).
(function (config, U, require) {
  'use strict';
  // the built-ins the runtime constructs, taken before a test can delete them (`delete globalThis.Map`)
  var Map = globalThis.Map, Set = globalThis.Set, WeakMap = globalThis.WeakMap, WeakSet = globalThis.WeakSet;
  var apply = Reflect.apply;
  var defProp = Reflect.defineProperty;
  var gopd = Object.getOwnPropertyDescriptor, objectIs = Object.is;
  var isArray = Array.isArray;
  var now = Date.now;
  var mapGet = Map.prototype.get, mapSet = Map.prototype.set;
  // called as functions (no argument list to allocate), bound before any program runs
  var mapGetOf = Function.prototype.call.bind(mapGet), mapSetOf = Function.prototype.call.bind(mapSet);
  var setAdd = Set.prototype.add, setHas = Set.prototype.has, setClear = Set.prototype.clear, setDelete = Set.prototype.delete;
  var wmGet = WeakMap.prototype.get, wmSet = WeakMap.prototype.set;
  var wsAdd = WeakSet.prototype.add, wsHas = WeakSet.prototype.has;
  var objKeys = Object.keys;
  // String and Array methods the runtime itself uses, taken before any is wrapped: the runtime's
  // own work charges no native units and logs no mutation (the Boa runtime is Rust).
  var sSlice = String.prototype.slice, sIndexOf = String.prototype.indexOf, sLastIndexOf = String.prototype.lastIndexOf;
  var aSlice = Array.prototype.slice, aIndexOf = Array.prototype.indexOf;
  function cut(s, a, b) { return b === undefined ? apply(sSlice, s, [a]) : apply(sSlice, s, [a, b]); }
  function pos(s, c) { return apply(sIndexOf, s, [c]); }
  function has(list, x) { return apply(aIndexOf, list, [x]) >= 0; }

  var TIMEOUT = 'decisionprof: timeout';
  var TEST_TIMEOUT = 'decisionprof: test timeout';
  var BUDGET = 'decisionprof: speculation budget exceeded';
  var MAX_REPLAYS = 1024, MAX_TRAP_REPLAYS = 32, REAL_LOG_LIMIT = 100000;
  // Settling (engines/boa/src/settle.rs): a decision is recorded in full until SETTLE executions
  // were recorded and the last QUIET showed no new outcome pattern; then one in `stride`
  // executions is recorded (weighted by it), the stride doubling after each REQUIET quiet
  // recorded executions up to MAX_STRIDE, and a new pattern records everything again (climbing
  // back by REOPEN_QUIET per doubling). The first PER_TEST executions of every test are recorded
  // whatever the stride.
  var SETTLE = 256, QUIET = 256, REQUIET = 128, REOPEN_QUIET = 64, MAX_STRIDE = 1024, MAX_PATTERNS = 64, PER_TEST = 16;

  // ---------------------------------------------------------------- state (rt.rs `Runtime`)
  // per decision number, as its file registers (`f`): its checks, -1 for a switch
  var shapes = [];
  var names = [];                         // source names of logged bindings, by number
  var budget = Math.max(1, config.budget);
  var nativeModel = config.nativeModel;
  var deadline = config.deadline;         // ms since the epoch
  // decisions registered; the arrays below hold ROOM and are never replaced (V8 then compiles
  // the counting path with them as constants: arrays that grew cost earcut's run a tenth more)
  var n = 0, ROOM = 1 << 18, beyondRoom = 0;
  var exact = !!config.exact;
  var executions = new Float64Array(ROOM);
  var unrecorded = new Float64Array(ROOM);   // executions counted, not recorded (settled)
  var stride = new Uint32Array(ROOM), settleUnit = new Float64Array(ROOM).fill(-1);
  var fullN = new Float64Array(ROOM), quiet = new Uint32Array(ROOM), tickN = new Float64Array(ROOM);
  var inUnit = new Float64Array(ROOM);
  var settledOnce = new Uint8Array(ROOM); // 0 first climb, 1 settled, 2 reopened (settle.rs `Climb`)
  // each window of `stride` executions records the one at a random place: windowEnd is the
  // window's last tick, pick the recorded one; xorshift32 from SEED per decision (settle.rs)
  var windowEnd = new Float64Array(ROOM), pick = new Float64Array(ROOM);
  var SEED = 0x9E3779B9;
  var random = new Uint32Array(ROOM).fill(SEED);
  var spread = new Float64Array(ROOM);       // sum of w (w - 1) over recorded executions of weight w
  var replays = new Uint32Array(ROOM);
  var notBoolean = new Uint8Array(ROOM);
  var patterns = [];                      // d -> Set of outcome patterns seen
  var skipFrames = [];                    // d -> its frame when not recorded (shared: it holds nothing)
  var excluded = [];                      // d -> [reason]
  var effects = [];                       // d -> [effect]
  var rows = [];                          // d -> [[unit, Map(cells key -> count)]]
  var switchRows = [];                    // d -> [[unit, Map(key -> count)]]
  // branch points: the count is base + countN. `b` only counts and compares with countLim, the
  // next branch point where something must be looked at (a deadline check every STEP branch
  // points, the running speculation's budget, at once when stopped), so V8 runs it inline;
  // overLimit looks, folds countN into base (it stays a small integer) and sets the next limit
  var STEP = 16384;
  var base = 0, native = 0, nativeFrac = 0, tick = 0;
  var countN = 0, countLim = STEP;
  // stacks with tops of their own: an array cut back to nothing and grown again costs V8 a new
  // backing store every time (entries above a top are nulled, so nothing is kept alive)
  var frames = [], switches = [], checks = [], nF = 0, nS = 0, nC = 0;
  var spec = null;
  var unit = 0, unitHasData = new Set();
  var timedOut = false, unitDeadline = 0, unitTimedOut = false;
  var undo = [], snapped = new Set();
  var realLog = [], realSnapped = new Set(), realOverflow = false;
  var inSnap = false;
  var hostDepth = 0;                      // > 0 while node's own code runs for a host call
  var uncharged = 0;                      // > 0 while our code stands in for a native of node's
  var freshSpec = new WeakSet(), freshReal = new WeakSet(); // iterators the running code made
  var loaded = [];
  var dp;

  function Abort(message) { this.message = message; }
  Abort.prototype.name = 'DecisionprofAbort';
  function abortOf(kind) { return new Abort(kind); }

  // ---------------------------------------------------------------- object identities
  var ids = new WeakMap(), nextId = 1;
  // Objects made while a check runs (made.rs): literals and `new` call mk(o), which stamps `o`;
  // a write to an object stamped after the running check (or speculative leaf) started is to
  // an object nothing outside it reaches but through another, logged write: no effect, no undo.
  var made = new WeakMap(), madeSeq = 0;
  // Functions whose variables inner functions write stamp their activation the same way (act).
  function mk(o) { if (gate() && isObj(o)) apply(wmSet, made, [o, ++madeSeq]); }
  function act() { return gate() ? ++madeSeq : 0; }
  // Built-ins whose result is an array or object nothing else holds, stamped as made (mk) while
  // a check runs, as a literal is (made.rs, costs.rs `Fresh`): keys, entries and values; a
  // JSON.parse without a reviver; a split by a string (no Symbol.split on its prototypes); the
  // copies of a plain array while Array's species is the built-in one.
  var ArrayCtor = Array, ArrayProto = Array.prototype, StringProto = String.prototype, ObjectProto = Object.prototype;
  var symSplit = Symbol.split, symSpecies = Symbol.species;
  var arraySpecies = gopd(Array, symSpecies).get, getProto = Object.getPrototypeOf;
  function plainArray(a) {
    if (!isArray(a) || getProto(a) !== ArrayProto || gopd(a, 'constructor') !== undefined) return false;
    var c = gopd(ArrayProto, 'constructor'), sp = gopd(ArrayCtor, symSpecies);
    return c !== undefined && c.value === ArrayCtor && sp !== undefined && sp.get === arraySpecies;
  }
  function splitByString(sep) {
    return (sep === undefined || typeof sep === 'string') &&
      gopd(StringProto, symSplit) === undefined && gopd(ObjectProto, symSplit) === undefined;
  }
  var freshResults = {
    'Object.keys': function () { return true; },
    'Object.values': function () { return true; },
    'Object.entries': function () { return true; },
    'JSON.parse': function (self, args) { return typeof args[1] !== 'function'; },
    'String.prototype.split': function (self, args) { return splitByString(args[0]); },
    'Array.prototype.slice': plainArray,
    'Array.prototype.concat': plainArray,
    'Array.prototype.map': plainArray,
    'Array.prototype.filter': plainArray
  };
  function ownStamp(st) {
    var h = spec !== null ? spec : nC ? checks[nC - 1] : null;
    return h !== null && typeof st === 'number' && st > h.made0;
  }
  function madeHere(o) { return ownStamp(apply(wmGet, made, [o])); }
  function addr(o) {
    var id = apply(wmGet, ids, [o]);
    if (id === undefined) { id = nextId++; apply(wmSet, ids, [o, id]); }
    return id;
  }
  // A property key as text; symbols with one description are one location (conservative),
  // as in the Boa engine.
  function keyText(k) {
    if (typeof k === 'symbol') return '[' + String(k) + ']';
    return String(k);
  }

  // ---------------------------------------------------------------- locations and accesses
  // A location is a string: v<b> (binding), g<name> (global), p<addr>:<key>, a<addr> (all of an
  // object, a built-in mutated it), i<addr>:<what> (internal state).
  function whole(l) {
    var c = l.charCodeAt(0);
    if (c === 97) return cut(l, 1);                       // a
    if (c === 105) return cut(l, 1, pos(l, ':'));      // i
    return null;
  }
  function propAddr(l) { return l.charCodeAt(0) === 112 ? cut(l, 1, pos(l, ':')) : null; }
  function overlaps(a, b) {
    var wa = whole(a), wb = whole(b);
    if (wa !== null && wb !== null) return wa === wb;
    if (wa !== null) return propAddr(b) === wa;
    if (wb !== null) return propAddr(a) === wb;
    return a === b;
  }
  function isVariable(l) { var c = l.charCodeAt(0); return c === 118 || c === 103; }
  function describe(l) {
    var c = l.charCodeAt(0);
    if (c === 118) {
      var b = +cut(l, 1), nm = names[b];
      return nm ? '`' + nm + '`' : 'a variable of an enclosing scope (binding #' + b + ')';
    }
    if (c === 103) return 'global variable `' + cut(l, 1) + '`';
    if (c === 112) return 'property `' + cut(l, pos(l, ':') + 1) + '`';
    if (c === 97) return 'an object mutated by a built-in';
    return 'the internal state of an object';
  }
  function effectOf(l, i) {
    if (l.charCodeAt(0) === 105) return 'check ' + i + ' ' + cut(l, pos(l, ':') + 1);
    return 'check ' + i + ' writes ' + describe(l);
  }
  // Accesses are made when the first one is logged (most checks log none): null is "none".
  // Reads are kept as they come, in pairs in `pend` (an object and a key, or LOC and a location
  // made already), and made into locations only when a write may meet them (`readsOf`): most
  // checks write nothing, and a location's text and its hash cost more than the read.
  // The sets are made when first needed: `reads` by `readsOf`, `writes` by the first write
  // (NO_WRITES, shared, is never added to).
  var NO_WRITES = new Set();
  function newAcc() { return { reads: null, pend: [], writes: NO_WRITES }; }
  var NONE = newAcc();
  function writesOf(acc) { if (acc.writes === NO_WRITES) acc.writes = new Set(); return acc.writes; }
  var LOC = {};
  var PEND_LIMIT = 65536;
  function readsOf(acc) {
    var p = acc.pend;
    if (acc.reads === null) acc.reads = new Set();
    if (p.length === 0) return acc.reads;
    acc.pend = [];
    for (var i = 0; i < p.length; i += 2) {
      apply(setAdd, acc.reads, [p[i] === LOC ? p[i + 1] : 'p' + addr(p[i]) + ':' + keyText(p[i + 1])]);
    }
    return acc.reads;
  }
  function pend(acc, o, k) {
    var p = acc.pend;
    p[p.length] = o;
    p[p.length] = k;
    if (p.length >= PEND_LIMIT) readsOf(acc);
  }
  // `from` merged into the accesses of `holder` (a check frame), made if need be.
  function mergeInto(holder, from) {
    if (from === null) return;
    // a copy, never `from` itself: `from` stays the accesses of the check that ended
    if (holder.acc === null) holder.acc = newAcc();
    merge(holder.acc, from);
  }
  function merge(into, from) {
    // in the order of a union of sets: `into`'s reads, then `from`'s
    if (from.reads !== null) from.reads.forEach(function (l) { pend(into, LOC, l); });
    for (var i = 0; i < from.pend.length; i += 2) pend(into, from.pend[i], from.pend[i + 1]);
    if (from.writes.size) from.writes.forEach(function (l) { apply(setAdd, writesOf(into), [l]); });
  }
  // Of the locations in `set` that satisfy `pred`, the one whose description sorts first (as
  // the Boa runtime picks: the report does not depend on the order of a set).
  function first(set, pred) {
    var found = null, text = null;
    set.forEach(function (l) {
      if (!pred(l)) return;
      var t = describe(l);
      if (text === null || t < text) { found = l; text = t; }
    });
    return found;
  }
  function some(set, pred) {
    var yes = false;
    set.forEach(function (l) { if (!yes && pred(l)) yes = true; });
    return yes;
  }
  // A conflict between an earlier check's accesses `a` and a later one's `b`, if any.
  function conflict(a, b) {
    var v = first(a.writes, isVariable);
    if (v !== null) return v;
    var w = first(a.writes, function (w) {
      var hit = function (l) { return overlaps(w, l); };
      return some(readsOf(b), hit) || some(b.writes, hit);
    });
    if (w !== null) return w;
    return first(b.writes, function (w) { return some(readsOf(a), function (l) { return overlaps(w, l); }); });
  }
  function read(l) { readProp(LOC, l); }
  // a read of property `k` of `o` (of the location `k` when `o` is LOC) by the running check
  function readProp(o, k) {
    var h = spec !== null ? spec : nC ? checks[nC - 1] : null;
    if (h === null) return;
    if (h.acc === null) h.acc = newAcc();
    pend(h.acc, o, k);
  }
  function write(l) {
    var h = spec !== null ? spec : nC ? checks[nC - 1] : null;
    if (h === null) return;
    if (h.acc === null) h.acc = newAcc();
    apply(setAdd, writesOf(h.acc), [l]);
  }

  // ---------------------------------------------------------------- counter and deadlines
  function gate() { return spec !== null || nC > 0; }
  function checkDeadlines() {
    var t = now();
    if (t >= deadline) timedOut = true;
    if (unitDeadline && t >= unitDeadline) unitTimedOut = true;
    if (timedOut || unitTimedOut) countLim = 0;
  }
  function stopped() { return timedOut ? TIMEOUT : unitTimedOut ? TEST_TIMEOUT : null; }
  function bp() { return base + countN; }
  function b() {
    if (++countN >= countLim) overLimit();
  }
  // The counter reached its limit: look at the deadlines, stop, or end a speculation over its
  // budget; then the next limit.
  function overLimit() {
    base += countN;
    countN = 0;
    checkDeadlines();
    if (timedOut || unitTimedOut) throw abortOf(stopped());
    if (spec !== null && (spec.over || base - spec.leafStart > budget)) {
      spec.over = true;
      countLim = 0;
      throw abortOf(BUDGET);
    }
    relimit();
  }
  function relimit() {
    base += countN;
    countN = 0;
    var lim = STEP;
    if (timedOut || unitTimedOut || (spec !== null && spec.over)) lim = 0;
    else if (spec !== null) lim = Math.min(lim, spec.leafStart + budget + 1 - base);
    countLim = lim | 0;
  }
  function t() {
    if ((++tick & 0x3fff) === 0) checkDeadlines();
    if (timedOut || unitTimedOut) throw abortOf(stopped());
  }
  function charge(units) {
    if (uncharged > 0) return;
    nativeFrac += units;
    if (nativeFrac >= 1) {
      var w = Math.floor(nativeFrac);
      nativeFrac -= w;
      native += w;
      if (nativeModel) {
        base += w;
        if (spec !== null) relimit();
      }
    }
  }
  function pureBranchPoints() { return nativeModel ? bp() - native : bp(); }
  function syncOn() {
    var g = gate();
    if (g !== dp.on) {
      dp.on = g;
    }
  }

  // ---------------------------------------------------------------- decisions (rt.rs)
  // a decision of a file that registered (an ES module's function can run before its module's
  // first line when modules import each other)
  function valid(d) { return d >= 0 && d < n && shapes[d] !== undefined; }
  function exclude(d, reason) {
    if (!valid(d)) return;
    var e = excluded[d] || (excluded[d] = []);
    if (e.length < 4 && !has(e, reason)) e[e.length] = reason;
  }
  function isExcluded(d) { return valid(d) && excluded[d] !== undefined; }
  function ds(d) { start(d, false); }
  // Whether this execution of `d` takes its instrumented form: not when it is counted only and
  // nothing logs reads (no check open, no speculation), where its plain copy runs, frameless.
  function dr(d) {
    // the common case first: one of the executions weightOf has said it will not record
    if (skipLeft[d] > 0 && nF === 0 && nC === 0 && spec === null) {
      skipLeft[d]--;
      return false;
    }
    return start(d, true);
  }
  // Executions of a settled decision `dr` may count without looking, granted as weightOf skips
  // one: the rest of its window before or after the execution it samples (the window's end
  // draws the next sample, so nothing is granted past it). What was used is added to the
  // counters before anything reads them: as the decision starts otherwise, as the unit changes,
  // at the dump.
  var skipLeft = new Float64Array(ROOM), skipGiven = new Float64Array(ROOM);
  var granted = [];                       // decisions with a grant outstanding
  function grantSkips(d) {
    var t = tickN[d];
    var g = t < pick[d] ? pick[d] - t - 1 : windowEnd[d] - t;
    if (g <= 0) return;
    if (skipGiven[d] === 0) granted[granted.length] = d;
    skipGiven[d] = skipLeft[d] = g;
  }
  function useSkips(d) {
    var used = skipGiven[d] - skipLeft[d];
    inUnit[d] += used; tickN[d] += used; executions[d] += used; unrecorded[d] += used;
    skipGiven[d] = 0; skipLeft[d] = 0;
  }
  function useAllSkips() {
    for (var i = 0; i < granted.length; i++) if (skipGiven[granted[i]] > 0) useSkips(granted[i]);
    granted.length = 0;
  }
  // Whether the running execution of arm chain `d` has a frame (its next condition takes the
  // instrumented form); if not, the plain condition's branch point.
  function dc(d) {
    if (nF > 0 && frames[nF - 1].d === d) return true;
    b();
    return false;
  }
  function start(d, cheap) {
    if (spec !== null || !valid(d)) return cheap;
    if (skipGiven[d] > 0) useSkips(d);
    var top = nF === 0 && nC === 0;
    executions[d]++;
    // an excluded decision can never be reordered: from then on it is only counted, unless it
    // is nested in a recorded execution of its own (the checks of both are open)
    var sampled = !exact && excluded[d] === undefined;
    var w = exact ? 1 : !sampled && !recording(d) ? 0 : weightOf(d);
    if (w === 0) {
      unrecorded[d]++;
      // skipped by the sampling, with nothing open: the next ones up to the window's sample too
      if (cheap && top && sampled && stride[d] > 1 && inUnit[d] > PER_TEST) grantSkips(d);
      if (cheap && nC === 0) return false;
      frames[nF++] = skipFrames[d] || (skipFrames[d] = { d: d, skip: true });
      return cheap;
    }
    var k = shapes[d] < 0 ? 0 : shapes[d];
    var f = spareFrames[d];
    if (f !== undefined && f !== null && f.cells.length === k) {
      spareFrames[d] = null;
      f.allBoolean = true; f.weight = w;
    } else {
      f = { d: d, cells: new Array(k), acc: new Array(k), writes: new Array(k), speculated: new Array(k), allBoolean: true, weight: w, skip: false };
    }
    for (var i = 0; i < k; i++) { f.cells[i] = null; f.acc[i] = null; f.writes[i] = null; f.speculated[i] = false; }
    frames[nF++] = f;
    if (top) {
      if (realLog.length || realOverflow) { realLog = []; apply(setClear, realSnapped, []); realOverflow = false; }
      freshReal = null;
    }
    return true;
  }
  // Per decision, the frame of its last recorded execution once `de` is done with it, to record
  // the next one in (nothing keeps a frame past its `de`)
  var spareFrames = [];
  // How this execution of `d` is recorded: 0 not at all, else the weight of its row (settling).
  function weightOf(d) {
    // a sample stands for executions of its own test only
    if (settleUnit[d] !== unit) { settleUnit[d] = unit; inUnit[d] = 0; restart(d); }
    inUnit[d]++;
    var s = stride[d];
    if (s <= 1) return 1;
    var early = inUnit[d] <= PER_TEST;
    // nested in an open execution of `d`: as that one is
    for (var q = nF - 1; q >= 0; q--) if (frames[q].d === d) return frames[q].skip ? 0 : early ? 1 : s;
    if (early) return 1;
    var t = ++tickN[d];
    if (t > windowEnd[d]) {
      pick[d] = windowEnd[d] + 1 + nextRandom(d) % s;
      windowEnd[d] += s;
    }
    return t === pick[d] ? s : 0;
  }
  function restart(d) { tickN[d] = 0; windowEnd[d] = 0; }
  function nextRandom(d) {
    var x = random[d];
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    return (random[d] = x >>> 0);
  }
  // The innermost open execution of `d` is recorded.
  function recording(d) {
    for (var q = nF - 1; q >= 0; q--) if (frames[q].d === d) return !frames[q].skip;
    return false;
  }
  // The innermost open execution of `d` is not recorded.
  function skipping(d) {
    for (var q = nF - 1; q >= 0; q--) if (frames[q].d === d) return frames[q].skip;
    return false;
  }
  // A recorded row of `d` with these cells: a new outcome pattern records everything again,
  // enough quiet ones sample more sparsely.
  function settle(d, cells) {
    if (exact) return;
    var p = patternOf(cells);
    var seen = patterns[d] || (patterns[d] = new Set());
    if (!apply(setHas, seen, [p])) {
      if (seen.size < MAX_PATTERNS) apply(setAdd, seen, [p]);
      if (settledOnce[d]) settledOnce[d] = 2; // reopened: climbs back by REOPEN_QUIET
      stride[d] = 1; quiet[d] = 0; restart(d);
    } else {
      quiet[d]++;
    }
    fullN[d]++;
    var s = stride[d] > 1 ? stride[d] : 1;
    var needed = settledOnce[d] === 2 ? REOPEN_QUIET : settledOnce[d] ? REQUIET : QUIET;
    if (quiet[d] >= needed && (s === 1 ? fullN[d] >= SETTLE : s < MAX_STRIDE)) {
      stride[d] = s * 2; quiet[d] = 0; restart(d);
      if (!settledOnce[d]) settledOnce[d] = 1;
    }
  }
  // Which checks of a row were true: a bit per check (a string past 30 checks); a decision's
  // rows all have its number of checks.
  function patternOf(cells) {
    var i;
    if (cells.length <= 30) {
      var bits = 0;
      for (i = 0; i < cells.length; i++) if (cells[i].value) bits |= 1 << i;
      return bits;
    }
    var p = '';
    for (i = 0; i < cells.length; i++) p += cells[i].value ? 't' : 'f';
    return p;
  }
  // The open checks' records, by depth: one is read only while it is open and by the `ce` or
  // `u` that closes it, so the next check at its depth takes it over
  var checkPool = [];
  // A check's row cell; cells are never changed, so one per cost and value serves every row
  var trueCells = [], falseCells = [];
  function cellOf(cost, value) {
    if (cost >= 0 && cost < 4096 && (cost | 0) === cost) {
      var t = value ? trueCells : falseCells;
      return t[cost] || (t[cost] = { cost: cost, value: value });
    }
    return { cost: cost, value: value };
  }
  function cs(d, i) {
    b();
    if (spec !== null) return;
    nativeFrac = 0; // a check's cost is its own work: no fraction of a unit carries in
    if (!exact && skipping(d)) return;
    var c = checkPool[nC];
    if (c === undefined) c = checkPool[nC] = { d: 0, leaf: 0, start: 0, logStart: 0, acc: null, made0: 0 };
    c.d = d; c.leaf = i; c.start = bp(); c.logStart = realLog.length; c.acc = null; c.made0 = madeSeq;
    checks[nC++] = c;
    syncOn();
  }
  function ce(d, i, v) {
    if (spec === null) {
      var pos = -1;
      for (var p = nC - 1; p >= 0; p--) if (checks[p].d === d && checks[p].leaf === i) { pos = p; break; }
      if (pos >= 0) {
        var c = checks[pos];
        if (c.acc !== null && c.acc.writes.size && realLog.length > c.logStart && !realOverflow) forgetRestored(c.acc, realLog, c.logStart, null);
        clear(checks, pos, nC); nC = pos;
        var cost = bp() - c.start + 1;
        if (pos > 0) mergeInto(checks[pos - 1], c.acc);
        for (var q = nF - 1; q >= 0; q--) {
          var f = frames[q];
          if (f.d !== d) continue;
          if (i < f.cells.length) {
            f.cells[i] = cellOf(cost, !!v);
            if (typeof v !== 'boolean') f.allBoolean = false;
            f.acc[i] = c.acc;
            if (realLog.length > c.logStart) f.writes[i] = [c.logStart, realLog.length];
          }
          break;
        }
      }
    }
    syncOn();
    return v;
  }
  function k(d) {
    if (spec !== null || !valid(d) || excluded[d] !== undefined) return false;
    for (var q = nF - 1; q >= 0; q--) {
      var f = frames[q];
      if (f.d !== d) continue;
      if (f.skip) return false;
      for (var i = 0; i < f.cells.length; i++) if (f.cells[i] === null) return true;
      if (replays[d] < MAX_REPLAYS) for (var j = 0; j < f.writes.length; j++) if (f.writes[j] !== null) return true;
      return false;
    }
    return false;
  }
  function takeFrame(d) {
    if (spec !== null) return null;
    for (var q = nF - 1; q >= 0; q--) {
      if (frames[q].d === d) { var f = frames[q]; clear(frames, q, nF); nF = q; return f; }
    }
    return null;
  }
  function cellKey(cells) {
    var s = '';
    for (var i = 0; i < cells.length; i++) s += (i ? ';' : '') + cells[i].cost + (cells[i].value ? 't' : 'f');
    return s;
  }
  function countRow(table, d, key, weight) {
    var list = table[d] || (table[d] = []);
    var last = list[list.length - 1];
    if (!last || last[0] !== unit) {
      last = [unit, new Map()];
      list[list.length] = last;
      apply(setAdd, unitHasData, [unit]);
    }
    var count = mapGetOf(last[1], key);
    if (count === undefined) mapSetOf(last[1], key, count = [0]);
    count[0] += weight;
  }
  function finishFrame(f) {
    var d = f.d, writing = false;
    for (var i = 0; i < f.acc.length; i++) {
      var a = f.acc[i];
      if (a === null || a.writes.size === 0) continue;
      writing = true;
      var best = null, bestText = null;
      a.writes.forEach(function (w) { var t = describe(w); if (bestText === null || t < bestText) { best = w; bestText = t; } });
      var e = effects[d] || (effects[d] = []);
      var effect = effectOf(best, i);
      if (e.length < 4 && !has(e, effect)) e[e.length] = effect;
    }
    // checks conflict only through a write
    if (writing && excluded[d] === undefined) {
      outer: for (var x = 0; x < f.acc.length; x++) {
        for (var y = x + 1; y < f.acc.length; y++) {
          if (f.acc[x] === null && f.acc[y] === null) continue;
          var loc = conflict(f.acc[x] || NONE, f.acc[y] || NONE);
          if (loc !== null) {
            exclude(d, 'checks ' + x + ' and ' + y + ' depend on each other (' + describe(loc) + ')');
            break outer;
          }
        }
      }
    }
    if (!f.allBoolean) notBoolean[d] = 1;
    if (excluded[d] !== undefined) return;
    for (var m = 0; m < f.cells.length; m++) if (f.cells[m] === null) return;
    countRow(rows, d, cellKey(f.cells), f.weight);
    spread[d] += f.weight * (f.weight - 1);
    settle(d, f.cells);
  }
  function dx(d) {
    if (spec !== null || !valid(d)) return;
    for (var q = nF - 1; q >= 0; q--) if (frames[q].d === d) { clear(frames, q, nF); nF = q; return; }
    executions[d]++;
  }
  // A switch's frames, reused by depth (a switch in an interpreter's loop runs millions of
  // times): `n` case tests so far, each of cost 1 but those listed in `odd` as index, cost.
  var switchFrames = [];
  function sd(d, x) {
    if (spec === null && valid(d)) {
      executions[d]++;
      var f = switchFrames[nS];
      if (f === undefined) f = switchFrames[nS] = { d: d, n: 0, odd: [], lastSc: 0 };
      f.d = d; f.n = 0; f.lastSc = bp();
      if (f.odd.length) f.odd.length = 0;
      switches[nS++] = f;
    }
    return x;
  }
  // the cost of the last case test of `f`, as the next one starts or a clause is taken
  function closeCase(f) {
    var cost = bp() - f.lastSc + 1;
    if (cost !== 1) { f.odd[f.odd.length] = f.n - 1; f.odd[f.odd.length] = cost; }
  }
  function sc(d) {
    var top = nS > 0 && spec === null ? switches[nS - 1] : null;
    if (top !== null && top.d === d) {
      if (top.n > 0) closeCase(top);
      b();
      top.n++;
      top.lastSc = bp();
      return;
    }
    b();
  }
  function sm(d, clause) {
    if (spec !== null) return;
    var pos = -1;
    for (var q = nS - 1; q >= 0; q--) if (switches[q].d === d) { pos = q; break; }
    if (pos < 0) return;
    var f = switches[pos];
    if (pos + 1 === nS && f.n > 0) closeCase(f);
    clear(switches, pos, nS); nS = pos;
    if (excluded[d] !== undefined) return;
    countRow(switchRows, d, switchKey(d, clause >= 0 ? clause : -1, f), 1);
  }
  // `sw(d, x, dflt, labels...)`: a switch whose case tests are all literals, `dflt` the index of
  // its default clause (-1: none). The clause taken is the first label `===` to `x`, found as the
  // switch will find it; each test is a branch point of cost 1.
  var literalFrame = { d: 0, n: 0, odd: [], lastSc: 0 };
  function sw(d, x, dflt) {
    var recorded = spec === null && valid(d);
    if (recorded) executions[d]++;
    var n = arguments.length - 3, hit = -1;
    for (var k = 0; k < n; k++) {
      b();
      if (arguments[k + 3] === x) { hit = k; break; }
    }
    if (!recorded || excluded[d] !== undefined) return x;
    var clause = hit < 0 ? dflt : (dflt >= 0 && hit >= dflt ? hit + 1 : hit);
    literalFrame.n = hit < 0 ? n : hit + 1;
    countRow(switchRows, d, switchKey(d, clause, literalFrame), 1);
    return x;
  }
  // The row key of a switch execution: its clause and its case tests' costs. The same string as
  // last time for the same clause and costs (a string made anew is hashed anew by each lookup).
  var switchKeys = [];                    // d -> [clause + 1 -> [n, odd, key]]
  function switchKey(d, matched, f) {
    var byClause = switchKeys[d] || (switchKeys[d] = []);
    var last = byClause[matched + 1];
    if (last !== undefined && last[0] === f.n && sameNumbers(last[1], f.odd)) return last[2];
    var key = matched + '|', o = 0;
    for (var c = 0; c < f.n; c++) {
      var cost = 1;
      if (o < f.odd.length && f.odd[o] === c) { cost = f.odd[o + 1]; o += 2; }
      key += (c ? ',' : '') + cost;
    }
    byClause[matched + 1] = [f.n, apply(aSlice, f.odd, []), key];
    return key;
  }
  function sameNumbers(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  function token() { return nF * 1099511627776 + nS * 1048576 + nC; }
  // at a `catch` (`caught`) or `finally`: unwinds the decision stacks to `tk`; a caught
  // exception charges its cost
  function unwind(tk, caught) {
    if (caught && config.caught) charge(units(config.caught, 0));
    if (spec !== null && spec.over) throw abortOf(BUDGET);
    if (timedOut || unitTimedOut) throw abortOf(stopped());
    if (spec !== null) return;
    var fl = Math.floor(tk / 1099511627776);
    var rest = tk - fl * 1099511627776;
    var sw = Math.floor(rest / 1048576);
    var ck = rest - sw * 1048576;
    if (nF > fl) { clear(frames, fl, nF); nF = fl; }
    if (nS > sw) { clear(switches, sw, nS); nS = sw; }
    while (nC > ck) {
      var c = checks[nC - 1];
      checks[--nC] = null;
      if (nC) mergeInto(checks[nC - 1], c.acc);
    }
    syncOn();
  }
  function resetStacks() { frames = []; switches = []; checks = []; nF = nS = nC = 0; }
  function clear(list, from, to) { for (var i = from; i < to; i++) list[i] = null; }

  // ---------------------------------------------------------------- write logging (dp.rs)
  function logProp(o, key) { undo[undo.length] = [U.restoreProp, [o, key, gopd(o, key)]]; }
  function logSnapshot(o) {
    if (inSnap || apply(setHas, snapped, [o])) return;
    inSnap = true;
    try {
      var r = U.snapshot(o);
      apply(setAdd, snapped, [o]);
      undo[undo.length] = [r, []];
    } finally { inSnap = false; }
  }
  function logReal(o, key, hasKey) {
    if (realOverflow) return;
    if (realLog.length >= REAL_LOG_LIMIT) { realOverflow = true; return; }
    if (apply(setHas, realSnapped, [o])) return;
    if (hasKey && !isArray(o)) {
      realLog[realLog.length] = [U.restoreProp, [o, key, gopd(o, key)]];
      return;
    }
    inSnap = true;
    try {
      var r = U.snapshot(o);
      apply(setAdd, realSnapped, [o]);
      realLog[realLog.length] = [r, [o]];
    } finally { inSnap = false; }
  }
  // restored.rs: the properties a real check wrote (logged from `from` on) and put back as it
  // found them (is-regex sets lastIndex and sets it back) are no writes of the check
  var DESC_FIELDS = ['value', 'get', 'set', 'writable', 'enumerable', 'configurable'];
  function sameDescriptor(a, b) {
    if (a === undefined || b === undefined) return a === b;
    for (var i = 0; i < DESC_FIELDS.length; i++) if (!objectIs(a[DESC_FIELDS[i]], b[DESC_FIELDS[i]])) return false;
    return true;
  }
  // `whole`: objects saved whole meanwhile (a speculation's snapshots carry no object): their
  // first logged descriptor may not be the one from before the check, so they are kept
  function forgetRestored(acc, log, from, whole) {
    var seen = new Set();
    for (var e = from; e < log.length; e++) {
      var en = log[e];
      if (en[0] !== U.restoreProp || en[1].length !== 3) continue;
      var o = en[1][0], k = en[1][1];
      if (whole !== null && apply(setHas, whole, [o])) continue;
      var loc = 'p' + addr(o) + ':' + keyText(k);
      if (apply(setHas, seen, [loc])) continue;
      apply(setAdd, seen, [loc]);
      var now;
      try { now = gopd(o, k); } catch (err) { continue; } // a proxy's trap that throws: kept
      if (sameDescriptor(en[1][2], now)) apply(setDelete, acc.writes, [loc]);
    }
  }
  function logWrite(o, key, del) {
    if (!gate() || o === null || (typeof o !== 'object' && typeof o !== 'function') || madeHere(o)) return;
    var kt = keyText(key);
    write('p' + addr(o) + ':' + kt);
    if (spec !== null) {
      if (isArray(o) || del || kt === '__proto__') logSnapshot(o);
      else logProp(o, key);
    } else {
      logReal(o, key, true);
    }
  }
  function logMutation(o) {
    if (inSnap || hostDepth > 0 || madeHere(o)) return;
    write('a' + addr(o));
    if (spec !== null) logSnapshot(o);
    else logReal(o, undefined, false);
  }
  // `act`: the stamp of the activation holding the variable (0: unknown or the top level)
  function wv(bnd, old, restore, act) {
    if (!gate() || ownStamp(act)) return;
    write('v' + bnd);
    if (spec !== null && typeof restore === 'function') undo[undo.length] = [restore, [old]];
  }
  function wg(name) {
    if (!gate()) return;
    write('g' + keyText(name));
    if (spec !== null) logProp(globalThis, name);
  }
  function wp(o, key, del) { logWrite(o, key, !!del); }
  function pk(o, key, del) { logWrite(o, key, !!del); return key; }
  function po(o, key) { logWrite(o, key, false); return o; }
  function wq(o, name, old, restore) {
    if (!gate() || o === null || typeof o !== 'object' && typeof o !== 'function' || madeHere(o)) return;
    write('p' + addr(o) + ':' + keyText(name));
    if (spec !== null && typeof restore === 'function') undo[undo.length] = [restore, [o, old]];
  }
  function rv(bnd) { if (gate()) read('v' + bnd); }
  function rp(o, key) {
    if (!gate() || o === null || (typeof o !== 'object' && typeof o !== 'function')) return;
    readProp(o, key);
  }
  function nplus(x) {
    var v = +x;
    if (config.toNumber && typeof x === 'string') charge(units(config.toNumber, x.length));
    return v;
  }
  // An effect speculation cannot undo: noted (and, with `throws`, refused) while speculating;
  // excludes the decisions whose checks run now otherwise. True: the caller suppresses it.
  function effect(what, throws) {
    if (spec !== null) {
      if (spec.effect === null) spec.effect = what;
      if (throws) throw new Error(what + ', which speculation cannot undo');
      return true;
    }
    if (nF) for (var i = 0; i < nF; i++) exclude(frames[i].d, 'a check ' + what);
    return false;
  }
  function ev(what) { return effect(String(what), true); }
  // An async function starts: while speculating, its continuation would run after the undo, and
  // node cannot drop it. The call is refused before the body runs (the function's promise is
  // rejected with this marker, which the runner does not report).
  var refusedAsync = { name: 'DecisionprofRefused', message: 'an async function called while speculating' };
  function asyncEntry() {
    if (spec === null) return;
    if (spec.effect === null) spec.effect = 'queues a promise job (then/await)';
    throw refusedAsync;
  }

  // ---------------------------------------------------------------- speculation
  function specBegin() {
    var at = bp();
    spec = { savedBp: at, savedNative: native, savedFrac: nativeFrac, leafStart: at, over: false, acc: null, effect: null, made0: madeSeq, undoStart: 0 };
    relimit();
    if (undo.length) undo = [];
    if (snapped.size) apply(setClear, snapped, []);
    freshSpec = null;
    syncOn();
  }
  function specEnd() {
    var log = undo;
    undo = [];
    for (var i = log.length - 1; i >= 0; i--) {
      try { apply(log[i][0], undefined, log[i][1]); } catch (e) { /* as Boa: an undo step that throws is skipped */ }
    }
    if (snapped.size) apply(setClear, snapped, []);
    base = spec.savedBp;
    countN = 0;
    native = spec.savedNative;
    nativeFrac = spec.savedFrac;
    spec = null;
    relimit();
    syncOn();
  }
  function leafStart() { spec.leafStart = bp(); spec.over = false; spec.acc = null; spec.made0 = madeSeq; spec.undoStart = undo.length; nativeFrac = 0; relimit(); }
  // The cost of the check that ran since leafStart; what it read and wrote and whether it ran
  // over the budget are left in leafAcc and leafOver.
  var leafAcc = null, leafOver = false;
  function leafEnd() {
    if (spec.acc !== null && spec.acc.writes.size && undo.length > spec.undoStart) forgetRestored(spec.acc, undo, spec.undoStart, snapped);
    var cost = bp() - spec.leafStart + 1;
    leafAcc = spec.acc;
    leafOver = spec.over;
    spec.acc = null;
    return cost;
  }
  function errorText(e) {
    var text;
    if (e !== null && typeof e === 'object') {
      var nm = e.name, msg = e.message;
      text = (typeof nm === 'string' ? nm : 'Error') + ': ' + (typeof msg === 'string' ? msg : '');
    } else {
      text = typeof e === 'string' ? JSON.stringify(e) : String(e);
    }
    var nl = pos(text, '\n');
    if (nl >= 0) text = cut(text, 0, nl);
    var at = apply(sLastIndexOf, text, [' (decisionprof:']);
    if (at >= 0 && text.charCodeAt(text.length - 1) === 41) text = cut(text, 0, at);
    return text;
  }
  // `thunk(...values, i)` evaluates check `i`; the values (the locals it takes, see
  // instrument/src/instrument/thunk_args.rs) follow the thunk
  function withValues(thunk, args) {
    var values = apply(aSlice, args, [3]);
    return function (i) {
      values[values.length] = i;
      try { return apply(thunk, undefined, values); } finally { values.length--; }
    };
  }
  function de(d, v, thunk) {
    var f = takeFrame(d);
    if (f === null || f.skip) return v;
    if (typeof thunk !== 'function') { finishFrame(f); spareFrames[d] = f; return v; }
    // the values are bound only for an execution that evaluates a check: most evaluate none
    var bound = arguments.length <= 3;
    var missing = 0;
    for (var i = 0; i < f.cells.length; i++) if (f.cells[i] === null) missing++;
    if (missing && !isExcluded(d)) {
      if (!bound) { thunk = withValues(thunk, arguments); bound = true; }
      specBegin();
      var reason = null, aborted = null;
      for (var leaf = 0; leaf < f.cells.length; leaf++) {
        if (f.cells[leaf] !== null) continue;
        var ok = true, val, err;
        leafStart();
        try { val = thunk(leaf); } catch (e) { ok = false; err = e; }
        var eff = spec.effect;
        spec.effect = null;
        var cost = leafEnd(), acc = leafAcc, over = leafOver;
        var st = stopped();
        if (eff !== null && st === null) { reason = 'speculative evaluation of check ' + leaf + ' ' + eff; break; }
        if (ok) {
          f.cells[leaf] = cellOf(cost, !!val);
          f.speculated[leaf] = true;
          f.acc[leaf] = acc;
          if (typeof val !== 'boolean') f.allBoolean = false;
          continue;
        }
        if (st !== null) aborted = st;
        else if (over) reason = 'speculative evaluation of check ' + leaf + ' exceeded the budget of ' + budget + ' branch points';
        else reason = 'speculative evaluation of check ' + leaf + ' threw ' + errorText(err);
        break;
      }
      specEnd();
      if (aborted !== null) throw abortOf(aborted);
      if (reason !== null) exclude(d, reason);
    }
    if (wroteAny(f)) replay(f, bound ? thunk : withValues(thunk, arguments));
    finishFrame(f);
    spareFrames[d] = f;
    return v;
  }
  function wroteAny(f) {
    for (var w = 0; w < f.writes.length; w++) if (f.writes[w] !== null) return true;
    return false;
  }

  // The replay test (dp.rs `replay`): dependences between checks the read log cannot see.
  function replay(f, thunk) {
    var d = f.d;
    if (realOverflow || isExcluded(d) || replays[d] >= MAX_REPLAYS) return;
    var done = replays[d]++;
    var trap = done < MAX_TRAP_REPLAYS;
    var cnt = f.cells.length;
    for (var i = 0; i < cnt; i++) {
      var range = f.writes[i];
      if (range === null) continue;
      var entries = apply(aSlice, realLog, [range[0], range[1]]);
      var props = [], objs = [], arrays = false;
      for (var e = 0; e < entries.length; e++) {
        var a = entries[e][1];
        if (a.length === 3) { props[props.length] = a[0]; props[props.length] = a[1]; }
        else if (a.length === 1) { if (isArray(a[0])) arrays = true; else objs[objs.length] = a[0]; }
      }
      for (var j = 0; j < cnt; j++) {
        if (j === i || !(j > i || f.speculated[j])) continue;
        var expected = f.cells[j];
        if (expected === null) continue;
        var reason = null;
        if (trap && (props.length || objs.length) && replayTraps(thunk, j, props, objs)) {
          reason = 'check ' + j + ' reads what check ' + i + ' writes';
        }
        if (reason === null && arrays && replayUndone(thunk, j, entries, expected.value)) {
          reason = 'check ' + j + ' depends on writes of check ' + i + ' (its value changes without them)';
        }
        if (reason !== null) { exclude(d, reason); return; }
      }
    }
  }
  function replayTraps(thunk, j, props, objs) {
    specBegin();
    var tr = null;
    try { tr = U.trapReads(props, objs); } catch (e) { tr = null; }
    if (tr !== null) {
      leafStart();
      try { thunk(j); } catch (e) { /* the value does not matter here */ }
      leafEnd();
    }
    specEnd();
    var st = stopped();
    if (st !== null) throw abortOf(st);
    if (tr === null) return false;
    var fired = tr.fired();
    tr.remove();
    return fired;
  }
  function replayUndone(thunk, j, entries, expected) {
    specBegin();
    var ok = true;
    for (var e = entries.length - 1; e >= 0; e--) {
      var fargs = entries[e][1];
      try {
        var o = fargs[0];
        if (o !== null && (typeof o === 'object' || typeof o === 'function')) {
          if (fargs.length === 1) logSnapshot(o); else logProp(o, fargs[1]);
        }
      } catch (err) { ok = false; break; }
      try { apply(entries[e][0], undefined, fargs); } catch (err2) { /* skipped, as in Boa */ }
    }
    var result = null;
    if (ok) {
      leafStart();
      try { result = { value: !!thunk(j) }; } catch (err3) { result = { threw: true }; }
      leafEnd();
    }
    specEnd();
    var st = stopped();
    if (st !== null) throw abortOf(st);
    if (result === null) return false;
    return result.threw === true || result.value !== expected;
  }

  // ---------------------------------------------------------------- guarded built-ins
  // The charging built-ins first: a guard calls what it replaces, so both count.
  if (config.costs) installCosts(config.costs);
  // Each guard is [holder, key, replacement, descriptor]; the list is put in place once, before
  // the project loads.
  function add(guards, holder, key, make) {
    if (!holder) return;
    var d = gopd(holder, key);
    if (!d || typeof d.value !== 'function') return;
    var orig = d.value;
    var f = make(orig);
    defProp(f, 'name', { value: orig.name, configurable: true });
    defProp(f, 'length', { value: orig.length, configurable: true });
    guards[guards.length] = [holder, key, f, d];
  }
  function putInPlace(guards) {
    for (var i = 0; i < guards.length; i++) {
      var g = guards[i];
      defProp(g[0], g[1], { value: g[2], writable: g[3].writable, enumerable: g[3].enumerable, configurable: g[3].configurable });
    }
  }
  // Installed for the whole run, before any project code loads: libraries take built-ins at load
  // time (`callBound('Set.prototype.delete')`), and what they took must log too. Each guard does
  // nothing but call through while no check and no speculation runs.
  // (Putting guards in place only while checks run would be cheaper for loops, but every
  // redefinition of a built-in prototype's method costs V8 its optimised code.)
  var always = [];

  function isObj(o) { return o !== null && (typeof o === 'object' || typeof o === 'function'); }
  function mutator(orig) {
    return function () { if (dp.on && isObj(this)) logMutation(this); return apply(orig, this, arguments); };
  }
  function mutatorFirst(orig) {
    return function (o) { if (dp.on && isObj(o)) logMutation(o); return apply(orig, this, arguments); };
  }
  function names2(guards, holder, list, make) { for (var i = 0; i < list.length; i++) add(guards, holder, list[i], make); }
  names2(always, Array.prototype, ['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin'], mutator);
  names2(always, Map.prototype, ['set', 'delete', 'clear'], mutator);
  names2(always, Set.prototype, ['add', 'delete', 'clear'], mutator);
  names2(always, Object, ['assign', 'setPrototypeOf'], mutatorFirst);
  names2(always, Reflect, ['set', 'deleteProperty', 'setPrototypeOf'], mutatorFirst);

  // internals.rs: refuse while speculating, record as the check's effect on `o` in a real check
  function refuse(o, what) {
    if (inSnap || hostDepth > 0) return;
    if (spec !== null) {
      if (spec.effect === null) spec.effect = what;
      throw new Error(what + ', which speculation cannot undo');
    }
    if (isObj(o)) write('i' + addr(o) + ':' + what);
  }
  function save(o, kind, key, each) {
    if (inSnap || hostDepth > 0 || !isObj(o) || madeHere(o)) return;
    if (spec === null) { write('a' + addr(o)); return; }
    if (!each && apply(setHas, snapped, [o])) return;
    inSnap = true;
    try {
      var r = U.saveInternal(kind, o, key);
      if (!each) apply(setAdd, snapped, [o]);
      undo[undo.length] = [r, []];
    } finally { inSnap = false; }
  }
  function saving(kind, each) {
    return function (orig) {
      return function (key) { if (dp.on) save(this, kind, key, each); return apply(orig, this, arguments); };
    };
  }
  var TypedArray = Object.getPrototypeOf(Int8Array);
  names2(always, TypedArray.prototype, ['fill', 'set', 'sort', 'copyWithin', 'reverse'], saving('typed', false));
  names2(always, Date.prototype, ['setDate', 'setFullYear', 'setHours', 'setMilliseconds', 'setMinutes', 'setMonth',
    'setSeconds', 'setTime', 'setUTCDate', 'setUTCFullYear', 'setUTCHours', 'setUTCMilliseconds', 'setUTCMinutes',
    'setUTCMonth', 'setUTCSeconds', 'setYear'], saving('date', false));
  names2(always, DataView.prototype, ['setInt8', 'setUint8', 'setInt16', 'setUint16', 'setInt32', 'setUint32',
    'setFloat16', 'setFloat32', 'setFloat64', 'setBigInt64', 'setBigUint64'], saving('view', false));
  // node's Buffer writes its bytes in methods of its own (`writeUInt32LE`, `write`, `fill`,
  // `swap16`, …), not through the typed-array built-ins; `copy` writes into its first argument
  if (typeof Buffer === 'function') {
    var writesBytes = /^write|Write$|^swap(16|32|64)$|^fill$/;
    names2(always, Buffer.prototype, Object.getOwnPropertyNames(Buffer.prototype).filter(function (k) { return writesBytes.test(k); }), saving('typed', false));
    add(always, Buffer.prototype, 'copy', function (orig) {
      return function (target) { if (dp.on) save(target, 'typed', undefined, false); return apply(orig, this, arguments); };
    });
  }
  names2(always, WeakMap.prototype, ['set', 'delete'], saving('weakmap', true));
  names2(always, WeakSet.prototype, ['add', 'delete'], saving('weakset', true));
  // while speculating the write is logged before the call (undo needs the old value); otherwise
  // after it, and only if it returned: a call that throws (its argument's toString first, as
  // is-regex checks try it) wrote nothing
  var liCalls = new Set();
  function lastIndex(orig) {
    return function () {
      if (dp.on && isObj(this) && !inSnap && hostDepth === 0 && writesLastIndex(this)) {
        if (spec !== null) logProp(this, 'lastIndex');
        else {
          // a call that leaves lastIndex as it found it (a global replace from 0) wrote nothing
          // another check can see
          // (the exec calls it makes on itself are judged with it, by the value it leaves)
          if (apply(setHas, liCalls, [this])) return apply(orig, this, arguments);
          var was = lastIndexOf(this), r;
          apply(setAdd, liCalls, [this]);
          try { r = apply(orig, this, arguments); } finally { apply(setDelete, liCalls, [this]); }
          if (dp.on && spec === null && (was === undefined || lastIndexOf(this) !== was)) write('p' + addr(this) + ':lastIndex');
          return r;
        }
      }
      return apply(orig, this, arguments);
    };
  }
  // split matches with a sticky copy of the expression, whose lastIndex no program sees: its
  // inner exec calls log nothing
  function splitting(orig) {
    return lastIndex(function () { return host(orig, this, arguments); });
  }
  // only a global or sticky regular expression has its lastIndex written (RegExpBuiltinExec, and
  // match/replace reset it only when global; search restores it; split writes its own copy's),
  // read from its own flags through the original getters, which throw for an object that is not
  // a RegExp
  var reGlobal = gopd(RegExp.prototype, 'global').get, reSticky = gopd(RegExp.prototype, 'sticky').get;
  // a regular expression's lastIndex (an own data property: reading it runs no program code)
  function lastIndexOf(re) {
    try { apply(reGlobal, re, []); } catch (e) { return undefined; }
    var d = gopd(re, 'lastIndex');
    return d ? d.value : undefined;
  }
  function writesLastIndex(re) {
    try { return apply(reGlobal, re, []) || apply(reSticky, re, []); } catch (e) { return true; }
  }
  names2(always, RegExp.prototype, ['exec', 'test', Symbol.match, Symbol.replace, Symbol.search], lastIndex);
  add(always, RegExp.prototype, Symbol.split, splitting);
  names2(always, RegExp.prototype, ['compile'], function (orig) {
    return function () { if (dp.on) refuse(this, 'recompiles a regular expression'); return apply(orig, this, arguments); };
  });
  function integrity(kind, what) {
    return function (orig) {
      return function (o, a, b2) {
        if (!dp.on) return apply(orig, this, arguments);
        if (!inSnap && U.irreversible(kind, o, a, b2)) refuse(o, what);
        if ((kind === 'define' || kind === 'defines') && isObj(o)) logMutation(o);
        return apply(orig, this, arguments);
      };
    };
  }
  var LOCKED = 'defines a non-configurable property';
  add(always, Object, 'freeze', integrity('freeze', 'freezes an object'));
  add(always, Object, 'seal', integrity('seal', 'seals an object'));
  add(always, Object, 'preventExtensions', integrity('preventExtensions', 'makes an object non-extensible'));
  add(always, Object, 'defineProperty', integrity('define', LOCKED));
  add(always, Object, 'defineProperties', integrity('defines', LOCKED));
  add(always, Reflect, 'preventExtensions', integrity('preventExtensions', 'makes an object non-extensible'));
  add(always, Reflect, 'defineProperty', integrity('define', LOCKED));

  // Iterators and generators. An iterator the running code made may advance; one made before is state undo cannot restore.
  function creator(orig) {
    return function () {
      var r = apply(orig, this, arguments);
      if (dp.on && isObj(r) && hostDepth === 0) {
        if (spec !== null && freshSpec === null) freshSpec = new WeakSet();
        if (spec === null && freshReal === null) freshReal = new WeakSet();
        apply(wsAdd, spec !== null ? freshSpec : freshReal, [r]);
      }
      return r;
    };
  }
  function advance(orig) {
    return function () {
      var made = spec !== null ? freshSpec : freshReal;
      if (dp.on && isObj(this) && (made === null || !apply(wsHas, made, [this]))) refuse(this, 'advances an iterator made before it');
      return apply(orig, this, arguments);
    };
  }
  var iterProtos = [[].values(), new Map().entries(), new Set().values(), ''[Symbol.iterator](), /a/[Symbol.matchAll]('a')];
  for (var ip = 0; ip < iterProtos.length; ip++) add(always, Object.getPrototypeOf(iterProtos[ip]), 'next', advance);
  var genProto = Object.getPrototypeOf(function* () {}).prototype;
  var asyncGenProto = Object.getPrototypeOf(async function* () {}).prototype;
  [genProto, asyncGenProto].forEach(function (p) {
    names2(always, p, ['next', 'return', 'throw'], function (orig) {
      return function () { if (dp.on) refuse(this, 'advances a generator'); return apply(orig, this, arguments); };
    });
  });
  names2(always, Array.prototype, ['values', 'keys', 'entries', Symbol.iterator], creator);
  names2(always, TypedArray.prototype, ['values', 'keys', 'entries', Symbol.iterator], creator);
  names2(always, Map.prototype, ['entries', 'keys', 'values', Symbol.iterator], creator);
  names2(always, Set.prototype, ['values', 'entries', Symbol.iterator], creator);
  names2(always, String.prototype, ['matchAll', Symbol.iterator], creator);
  names2(always, RegExp.prototype, [Symbol.matchAll], creator);

  // node's EventEmitter is JavaScript the engine does not instrument: its methods log the emitter,
  // its listener table and the table's arrays first (as the Boa host's own EventEmitter does). A
  // once-listener keeps its "fired" flag in a bound closure undo cannot reach: emitting to one
  // while speculating is refused.
  function touchEmitter(em) {
    if (!isObj(em) || hostDepth > 0) return;
    logMutation(em);
    var events = em._events;
    if (!isObj(events)) return;
    logMutation(events);
    for (var type in events) if (isArray(events[type])) logMutation(events[type]);
  }
  function hasOnce(em, type) {
    var events = isObj(em) ? em._events : undefined;
    var l = isObj(events) ? events[type] : undefined;
    if (typeof l === 'function') return typeof l.listener === 'function';
    if (!isArray(l)) return false;
    for (var i = 0; i < l.length; i++) if (typeof l[i].listener === 'function') return true;
    return false;
  }
  var EE = require('events');
  names2(always, EE.prototype, ['on', 'addListener', 'prependListener', 'once', 'prependOnceListener', 'off',
    'removeListener', 'removeAllListeners', 'setMaxListeners', 'emit'], function (orig) {
    return function (type) {
      if (!dp.on) return apply(orig, this, arguments);
      if (spec !== null && orig === emitOrig && hasOnce(this, type)) refuse(this, 'emits an event to a once-listener (node\'s events)');
      touchEmitter(this);
      return apply(orig, this, arguments);
    };
  });
  var emitOrig = EE.prototype.emit;

  // ---------------------------------------------------------------- effects of the host
  // Output, timers and callbacks are suppressed while speculating (the decision is excluded
  // naming them), as the Boa host does; a real check that makes them excludes its decision.
  // Node's own code under a host call (console.log's stream, appendFileSync's writeFileSync) is
  // part of that one effect: nothing it does is another effect or a logged write.
  function host(orig, self, args) {
    hostDepth++;
    try { return apply(orig, self, args); } finally { hostDepth--; }
  }
  function suppressing(what, result) {
    return function (orig) {
      return function () {
        if (hostDepth > 0) return apply(orig, this, arguments);
        if (effect(what, false)) return result;
        return host(orig, this, arguments);
      };
    };
  }
  names2(always, console, ['log', 'info', 'debug', 'dir', 'table'], suppressing('prints (console.log)', undefined));
  names2(always, console, ['error', 'warn', 'trace'], suppressing('prints (console.error)', undefined));
  add(always, process.stdout, 'write', suppressing('writes to stdout', true));
  add(always, process.stderr, 'write', suppressing('writes to stderr', true));
  // the globals and `require('timers')` (the same functions, taken apart from the globals)
  [globalThis, require('timers')].forEach(function (holder) {
    add(always, holder, 'setTimeout', suppressing('schedules a timer (setTimeout)', undefined));
    add(always, holder, 'setInterval', suppressing('schedules a timer (setInterval)', undefined));
    add(always, holder, 'setImmediate', suppressing('schedules a callback (setImmediate)', undefined));
    add(always, holder, 'clearTimeout', suppressing('clears a timer', undefined));
    add(always, holder, 'clearInterval', suppressing('clears a timer', undefined));
    add(always, holder, 'clearImmediate', suppressing('clears a callback (clearImmediate)', undefined));
  });
  add(always, process, 'nextTick', suppressing('schedules a callback (process.nextTick)', undefined));
  // promise jobs are an effect of speculation only (a real check may queue them)
  add(always, globalThis, 'queueMicrotask', function (orig) {
    return function () {
      if (spec !== null && effect('queues a promise job (then/await)', false)) return undefined;
      return apply(orig, this, arguments);
    };
  });
  var never = null, isPromise = require('util').types.isPromise;
  add(always, Promise.prototype, 'then', function (orig) {
    return function () {
      // `then` on what is not a promise throws and queues nothing (is-promise checks try it)
      if (spec !== null && isPromise(this) && effect('queues a promise job (then/await)', false)) {
        if (never === null) never = new Promise(function () {});
        return never;
      }
      return apply(orig, this, arguments);
    };
  });
  // an `await` (or an async function) in speculated code queues a job no wrapper sees
  if (!config.plain) try {
    require('v8').promiseHooks.onInit(function () { if (spec !== null && spec.effect === null) spec.effect = 'queues a promise job (then/await)'; });
  } catch (e) { /* older node: `then` is still guarded */ }
  var fs = require('fs');
  var fsWrites = { writeFileSync: 'writes a file (fs.writeFileSync ', appendFileSync: 'writes a file (fs.appendFileSync ',
    mkdirSync: 'makes a directory (fs.mkdirSync ', unlinkSync: 'deletes a file (fs.unlinkSync ', rmSync: 'deletes (fs.rmSync ',
    rmdirSync: 'deletes a directory (fs.rmdirSync ', copyFileSync: 'writes a file (fs.copyFileSync ', renameSync: 'renames (fs.renameSync ',
    writeFile: 'writes a file (fs.writeFile ', appendFile: 'writes a file (fs.appendFile ', writeSync: 'writes a file (fs.writeSync ' };
  objKeys(fsWrites).forEach(function (name) {
    add(always, fs, name, function (orig) {
      return function (p) {
        if (hostDepth > 0) return apply(orig, this, arguments);
        effect(fsWrites[name] + (typeof p === 'string' ? shownPath(p) : String(p)) + ')', spec !== null);
        return host(orig, this, arguments);
      };
    });
  });
  function shownPath(p) {
    var path = require('path');
    var rel = path.relative(config.root, path.resolve(p));
    return rel.lastIndexOf('..', 0) === 0 ? p : rel.split(path.sep).join('/');
  }

  // ---------------------------------------------------------------- native costs (costs.rs)
  function units(w, size) {
    var s = w.size === 'nlogn' && size > 1 ? size * Math.log2(size) : size;
    return w.base + w.per * s;
  }
  function lengthOf(v) {
    if (typeof v === 'string') return v.length;
    if (isArray(v)) return v.length;
    return 0;
  }
  function installCosts(table) {
    objKeys(table).forEach(function (path) {
      var parts = path.split('.'), holder = globalThis;
      var name = parts.pop();
      for (var i = 0; i < parts.length && holder; i++) holder = holder[parts[i]];
      if (!isObj(holder)) return;
      var d = gopd(holder, name);
      if (!d || typeof d.value !== 'function') return;
      var orig = d.value, w = table[path], fresh = freshResults[path];
      if (orig.prototype !== undefined && /^[A-Z]/.test(name)) return; // constructors stay as they are
      var f = function () {
        var before = w.size === 'this' || w.size === 'nlogn' ? lengthOf(this) : w.size === 'arg0' ? lengthOf(arguments[0]) : 0;
        var own = fresh !== undefined && gate() && fresh(this, arguments);
        var r = apply(orig, this, arguments);
        charge(units(w, w.size === 'result' ? lengthOf(r) : before));
        if (own) mk(r);
        return r;
      };
      defProp(f, 'name', { value: orig.name, configurable: true });
      defProp(f, 'length', { value: orig.length, configurable: true });
      defProp(holder, name, { value: f, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable });
    });
  }
  // ---------------------------------------------------------------- the runtime object
  // a plain run (`--plain`) keeps the built-ins as they are: only units are counted
  if (!config.plain) putInPlace(always);
  dp = {
    b: b, t: t, n: nplus, ds: ds, dr: dr, dc: dc, cs: cs, ce: ce, k: k, de: de, dx: dx, sd: sd, sc: sc, sm: sm, sw: sw,
    wv: wv, wg: wg, wp: wp, pk: pk, po: po, wq: wq, mk: mk, act: act, ev: ev, rv: rv, rp: rp,
    dt: token, u: unwind, as: asyncEntry, on: false,
    // a prepared file ran its first line: its decisions (numbered from `first`, their shapes)
    // and its logged bindings' names (from `firstBinding`); if instrumented for decisions
    // (`file` >= 0) it is marked loaded
    f: function (file, first, fileShapes, firstBinding, fileNames) {
      var end = first + fileShapes.length;
      if (end > ROOM) { beyondRoom += end - Math.max(first, ROOM); end = ROOM; }
      for (var i = first; i < end; i++) shapes[i] = fileShapes[i - first];
      if (end > n) n = end;
      for (var j = 0; j < fileNames.length; j++) names[firstBinding + j] = fileNames[j];
      if (file >= 0) loaded[loaded.length] = file;
    }
  };

  // ---------------------------------------------------------------- the runner's API
  function clearStale() {
    resetStacks();
    realLog = [];
    apply(setClear, realSnapped, []);
    realOverflow = false;
    syncOn();
  }
  function dumpRows(table, d, cells) {
    var list = table[d];
    if (!list) return [];
    return list.map(function (entry) {
      var out = [];
      entry[1].forEach(function (count, key) { out[out.length] = [cells(key), count[0]]; });
      return [entry[0], out];
    });
  }
  function parseCells(key) {
    return key.split(';').map(function (c) { return [+c.slice(0, -1), c.charAt(c.length - 1) === 't']; });
  }
  function parseSwitch(key) {
    var bar = key.indexOf('|');
    var costs = key.slice(bar + 1);
    return [+key.slice(0, bar), costs === '' ? [] : costs.split(',').map(Number)];
  }
  return {
    dp: dp,
    Abort: Abort,
    abortMessage: function (e) { return e instanceof Abort ? e.message : null; },
    isRefusedAsync: function (e) { return e === refusedAsync; },
    stopped: stopped,
    effect: effect,
    // runs `f` as node's own work (module loading): nothing it does is logged as a check's write
    // runs `f`, our code standing in for a native, charging nothing for the built-ins it calls
    asNative: function (f, self, args) {
      uncharged++;
      try { return apply(f, self, args); } finally { uncharged--; }
    },
    asHost: function (f, self, args) { return hostDepth > 0 || !dp.on ? apply(f, self, args) : host(f, self, args); },
    beginUnit: function (idx, testTimeoutMs) {
      useAllSkips();
      unit = idx;
      unitDeadline = testTimeoutMs > 0 ? now() + testTimeoutMs : 0;
      unitTimedOut = false;
      relimit();
      clearStale();
      return [pureBranchPoints(), native];
    },
    endUnit: function () {
      clearStale();
      var timed = unitTimedOut;
      unitDeadline = 0;
      unitTimedOut = false;
      relimit();
      return [pureBranchPoints(), native, timed];
    },
    // a node:test subtest's unit `idx`, opened inside the running one: recordings go to it; gives
    // the running unit's index (to leave it for) and the counters now
    enterUnit: function (idx) {
      var prev = unit;
      useAllSkips();
      unit = idx;
      return [prev, pureBranchPoints(), native];
    },
    // back to unit `prev` as a subtest ends: the counters now
    leaveUnit: function (prev) {
      useAllSkips();
      unit = prev;
      return [pureBranchPoints(), native];
    },
    checkDeadlines: function () { checkDeadlines(); return stopped(); },
    dump: function () {
      useAllSkips();
      var decisions = [];
      for (var d = 0; d < n; d++) {
        if (!executions[d] && excluded[d] === undefined && effects[d] === undefined) continue;
        decisions[decisions.length] = {
          d: d,
          executions: executions[d],
          unrecorded: unrecorded[d],
          spread: spread[d],
          excluded: excluded[d] || [],
          effects: effects[d] || [],
          all_boolean: !notBoolean[d],
          rows: dumpRows(rows, d, parseCells),
          switch_rows: dumpRows(switchRows, d, parseSwitch)
        };
      }
      var has = [];
      unitHasData.forEach(function (u) { has[has.length] = u; });
      return { decisions: decisions, loaded: loaded, units_with_data: has, timed_out: timedOut, beyond_room: beyondRoom };
    }
  };
})
