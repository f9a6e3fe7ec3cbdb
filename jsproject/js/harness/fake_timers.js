// decisionprof test harness: fake timers, `vi.useFakeTimers()` / `jest.useFakeTimers()` and what
// goes with them (`advanceTimersByTime`, `runAllTimers`, `setSystemTime`, …), the timer methods
// it adds to expect.js's `mocks`, the object behind `vi` and `jest`.
//
// The semantics are those of @sinonjs/fake-timers, which vitest and jest both use: a clock that
// moves only when the test moves it; timers fire in the order of their due time, then
// `setImmediate` before timeouts, then creation order; a timer scheduled while timers fire, with
// no delay, is due 1 ms later (so that a timer that reschedules itself cannot loop forever at one
// instant); an interval is due again `delay` after its last due time; the `…Async` variants let
// promise callbacks run (a real macrotask) before and between timers. As in vitest, the faked
// names are the timers, `Date` and `performance.now`, not `process.nextTick` or
// `queueMicrotask`. A test file starts with real timers: the fakes never outlive their file, as
// in vitest and jest, whose files each get a fresh environment.
'use strict';
// the built-ins the runtime constructs, taken before a test can delete them (`delete globalThis.Map`)
var Map = globalThis.Map, Set = globalThis.Set, WeakMap = globalThis.WeakMap, WeakSet = globalThis.WeakSet;
var core = require('./core');
var mocks = require('./expect').mocks;
var G = globalThis;
var RealDate = G.Date;
var realNow = RealDate.now;
var realImmediate = typeof G.setImmediate === 'function' ? G.setImmediate : null;
var realTimeout = G.setTimeout;
var MAX_DELAY = 2147483647;
var LOOP_LIMIT = 10000;
var TIMER_NAMES = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'];

var clock = null;     // the fake clock while the timers are faked
var fixedDate = null; // the time `Date` shows when only it is faked (`setSystemTime` first)
var saved = [];       // [holder, name, descriptor or undefined] of every global replaced

// scheduling or clearing a fake timer inside a check is an effect, like a real timer's:
// refused while speculating, and it excludes the decision in a real check
function effect(what) {
  var dp = G.__dp;
  if (dp && typeof dp.ev === 'function') dp.ev(what);
}

function replace(holder, name, value) {
  saved.push([holder, name, Object.getOwnPropertyDescriptor(holder, name)]);
  Object.defineProperty(holder, name, { value: value, writable: true, configurable: true, enumerable: false });
}
function restoreAll() {
  while (saved.length) {
    var s = saved.pop();
    if (s[2]) Object.defineProperty(s[0], s[1], s[2]);
    else delete s[0][s[1]];
  }
}

// `Date` showing `now()` when called without arguments; dates made before and after are
// instances of both the real and the fake one
function fakeDate(now) {
  function Date(year, month, day, hours, minutes, seconds, ms) {
    if (!new.target) return new RealDate(now()).toString();
    var args = arguments.length === 0 ? [now()] : Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args, new.target);
  }
  Date.prototype = RealDate.prototype;
  Date.now = function now_() { return now(); };
  Date.parse = RealDate.parse;
  Date.UTC = RealDate.UTC;
  Date.toString = function toString() { return RealDate.toString(); };
  return Date;
}

function epoch(t) {
  if (t === undefined || t === null) return realNow.call(RealDate);
  var ms = t instanceof RealDate ? t.getTime() : typeof t === 'number' ? t : new RealDate(t).getTime();
  if (isNaN(ms)) throw new TypeError('setSystemTime: not a date or a time: ' + String(t));
  return ms;
}

// ---------------------------------------------------------------- the clock
function Clock(start, loopLimit) {
  this.start = start;
  this.now = start;
  this.timers = new Map();
  this.nextId = 1;
  this.duringTick = false;
  this.loopLimit = loopLimit;
  this.shift = 0; // what setSystemTime moved the clock by (performance.now does not move)
}
function before(a, b) {
  if (a.callAt !== b.callAt) return a.callAt < b.callAt;
  if (a.immediate !== b.immediate) return a.immediate;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt;
  return a.id < b.id;
}
// the first timer due in [from, to] (any, without bounds), or null
Clock.prototype.first = function (from, to) {
  var best = null;
  this.timers.forEach(function (t) {
    if (from !== undefined && (t.callAt < from || t.callAt > to)) return;
    if (best === null || before(t, best)) best = t;
  });
  return best;
};
Clock.prototype.last = function () {
  var worst = null;
  this.timers.forEach(function (t) { if (worst === null || before(worst, t)) worst = t; });
  return worst;
};
Clock.prototype.add = function (fn, delay, args, interval, immediate) {
  if (typeof fn !== 'function') {
    throw new TypeError('[ERR_INVALID_CALLBACK]: Callback must be a function. Received ' + String(fn) + ' of type ' + typeof fn);
  }
  var d = typeof delay === 'number' ? delay : parseInt(delay, 10);
  if (!isFinite(d)) d = 0;
  d = Math.max(0, d > MAX_DELAY ? 1 : Math.floor(d));
  var c = this;
  var t = {
    id: c.nextId++, fn: fn, args: args, delay: d, immediate: immediate,
    interval: interval ? Math.max(1, d) : null, createdAt: c.now, callAt: c.now + (d || (c.duringTick ? 1 : 0))
  };
  c.timers.set(t.id, t);
  var handle = {
    ref: function () { return handle; },
    unref: function () { return handle; },
    hasRef: function () { return true; },
    refresh: function () {
      t.callAt = c.now + (t.delay || (c.duringTick ? 1 : 0));
      c.timers.set(t.id, t);
      return handle;
    }
  };
  handle[Symbol.toPrimitive] = function () { return t.id; };
  return handle;
};
Clock.prototype.clear = function (h) {
  if (h === null || h === undefined) return;
  this.timers.delete(typeof h === 'object' ? Number(h[Symbol.toPrimitive]()) : Number(h));
};
Clock.prototype.fire = function (t) {
  if (t.interval !== null) t.callAt += t.interval;
  else this.timers.delete(t.id);
  t.fn.apply(null, t.args);
};
// moves the clock `ms` ahead, firing every timer due on the way at its due time
Clock.prototype.tick = function (ms) {
  var span = tickSpan(ms);
  var from = this.now, to = this.now + span;
  var firstError = null, t;
  this.duringTick = true;
  try {
    while ((t = this.first(from, to)) !== null) {
      this.now = t.callAt;
      from = t.callAt;
      try { this.fire(t); } catch (e) { if (firstError === null) firstError = e; }
      // setSystemTime inside a callback moves the rest of the span with it
      if (this.now !== from) { to += this.now - from; from = this.now; }
    }
  } finally {
    this.duringTick = false;
  }
  this.now = to;
  if (firstError !== null) throw firstError;
  return this.now;
};
// fires the next timer, whenever it is due
Clock.prototype.next = function () {
  var t = this.first();
  if (t === null) return this.now;
  this.duringTick = true;
  try {
    this.now = t.callAt;
    this.fire(t);
  } finally {
    this.duringTick = false;
  }
  return this.now;
};
Clock.prototype.runAll = function () {
  for (var i = 0; i < this.loopLimit; i++) {
    if (this.timers.size === 0) return this.now;
    this.next();
  }
  throw loopError(this);
};
Clock.prototype.setSystemTime = function (ms) {
  var diff = ms - this.now;
  this.now = ms;
  this.shift += diff;
  this.timers.forEach(function (t) { t.createdAt += diff; t.callAt += diff; });
};
function tickSpan(ms) {
  var n = typeof ms === 'number' ? ms : Number(ms);
  if (isNaN(n)) throw new TypeError('advanceTimersByTime: not a number of milliseconds: ' + String(ms));
  if (n < 0) throw new TypeError('Negative ticks are not supported');
  return Math.floor(n);
}
function loopError(c) {
  return new Error('Aborting after running ' + c.loopLimit + ' timers, assuming an infinite loop!');
}

// ---------------------------------------------------------------- the async variants
// a real macrotask: promise callbacks queued so far run before `f`
function yieldThen(f) {
  if (realImmediate) realImmediate(f);
  else realTimeout(f, 0);
}
// `step()` returns true when done; runs it in macrotasks until then, or `limit` steps
function stepAsync(step, limit, c) {
  return new Promise(function (resolve, reject) {
    var n = 0;
    function go() {
      try {
        if (step()) { resolve(c.now); return; }
      } catch (e) { reject(e); return; }
      if (++n >= limit) { reject(loopError(c)); return; }
      yieldThen(go);
    }
    yieldThen(go);
  });
}
function tickAsync(c, ms) {
  var span = tickSpan(ms);
  var from, to, firstError = null, started = false;
  return stepAsync(function () {
    if (!started) { started = true; from = c.now; to = c.now + span; c.duringTick = true; }
    var t = c.first(from, to);
    if (t === null) {
      c.duringTick = false;
      c.now = to;
      if (firstError !== null) throw firstError;
      return true;
    }
    c.now = t.callAt;
    from = t.callAt;
    try { c.fire(t); } catch (e) { if (firstError === null) firstError = e; }
    if (c.now !== from) { to += c.now - from; from = c.now; }
    return false;
  }, Infinity, c);
}

// ---------------------------------------------------------------- install and uninstall
function installClock(config) {
  config = config || {};
  var start = config.now !== undefined ? epoch(config.now) : clock ? clock.now : fixedDate !== null ? fixedDate : realNow.call(RealDate);
  uninstall();
  var c = new Clock(start, typeof config.loopLimit === 'number' ? config.loopLimit : LOOP_LIMIT);
  var names = Array.isArray(config.toFake) ? config.toFake : TIMER_NAMES.concat(['Date', 'performance']);
  // jest names what to leave real instead
  if (Array.isArray(config.doNotFake)) names = names.filter(function (n) { return config.doNotFake.indexOf(n) < 0; });
  var fakes = {
    setTimeout: function setTimeout(fn, delay) {
      effect('schedules a timer (setTimeout)');
      return c.add(fn, delay, Array.prototype.slice.call(arguments, 2), false, false);
    },
    setInterval: function setInterval(fn, delay) {
      effect('schedules a timer (setInterval)');
      return c.add(fn, delay, Array.prototype.slice.call(arguments, 2), true, false);
    },
    setImmediate: function setImmediate(fn) {
      effect('schedules a callback (setImmediate)');
      return c.add(fn, 0, Array.prototype.slice.call(arguments, 1), false, true);
    },
    clearTimeout: function clearTimeout(h) { effect('clears a timer'); c.clear(h); },
    clearInterval: function clearInterval(h) { effect('clears a timer'); c.clear(h); },
    clearImmediate: function clearImmediate(h) { effect('clears a callback (clearImmediate)'); c.clear(h); }
  };
  names.forEach(function (name) {
    if (hasOwn(fakes, name) && typeof G[name] === 'function') replace(G, name, fakes[name]);
    else if (name === 'Date') replace(G, 'Date', fakeDate(function () { return c.now; }));
    else if (name === 'performance' && G.performance && typeof G.performance.now === 'function') {
      replace(G.performance, 'now', function now() { return c.now - c.start - c.shift; });
    }
  });
  clock = c;
}
function uninstall() {
  restoreAll();
  clock = null;
  fixedDate = null;
}
function hasOwn(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
function faked() {
  if (clock === null) {
    throw new Error('A function to advance timers was called but the timers APIs are not mocked. Call `vi.useFakeTimers()` (jest: `jest.useFakeTimers()`) in the test file first.');
  }
  return clock;
}

// ---------------------------------------------------------------- vi / jest
// `vi` or `jest`, which the methods return
var m = mocks;
var api = {
  useFakeTimers: function (config) {
    // jest's `useFakeTimers('legacy')` / `('modern')` take a string: the same fakes here
    config = config && typeof config === 'object' ? config : {};
    if (config.shouldAdvanceTime || config.advanceTimers) {
      throw new Error('fake timers that advance with real time (shouldAdvanceTime / advanceTimers) are not supported by decisionprof');
    }
    installClock(config);
    return m;
  },
  useRealTimers: function () { uninstall(); return m; },
  isFakeTimers: function () { return clock !== null; },
  advanceTimersByTime: function (ms) { faked().tick(ms); return m; },
  advanceTimersByTimeAsync: function (ms) { return tickAsync(faked(), ms).then(function () { return m; }); },
  advanceTimersToNextTimer: function (steps) {
    var c = faked();
    for (var i = steps === undefined ? 1 : steps; i > 0; i--) {
      c.next();
      c.tick(0);
      if (c.timers.size === 0) break;
    }
    return m;
  },
  advanceTimersToNextTimerAsync: function (steps) {
    var c = faked();
    var left = steps === undefined ? 1 : steps;
    return stepAsync(function () {
      if (left-- <= 0) return true;
      c.next();
      c.tick(0);
      return c.timers.size === 0;
    }, Infinity, c).then(function () { return m; });
  },
  advanceTimersToNextFrame: function () {
    var c = faked();
    c.tick(16 - ((c.now - c.start) % 16));
    return m;
  },
  runAllTimers: function () { faked().runAll(); return m; },
  runAllTimersAsync: function () {
    var c = faked();
    return stepAsync(function () {
      if (c.timers.size === 0) return true;
      c.next();
      return false;
    }, c.loopLimit + 1, c).then(function () { return m; });
  },
  runOnlyPendingTimers: function () {
    var c = faked(), t = c.last();
    if (t !== null) c.tick(t.callAt - c.now);
    return m;
  },
  runOnlyPendingTimersAsync: function () {
    var c = faked(), t = c.last();
    return (t === null ? Promise.resolve() : tickAsync(c, t.callAt - c.now)).then(function () { return m; });
  },
  // process.nextTick is not faked (as in vitest): its callbacks run as they do
  runAllTicks: function () { faked(); return m; },
  clearAllTimers: function () {
    if (clock !== null) { clock.timers.clear(); clock.now = clock.start; clock.shift = 0; }
    return m;
  },
  getTimerCount: function () { return faked().timers.size; },
  // with the timers faked, moves their clock; otherwise `Date` alone shows the time given
  setSystemTime: function (t) {
    var ms = epoch(t);
    if (clock !== null) clock.setSystemTime(ms);
    else {
      restoreAll();
      fixedDate = ms;
      replace(G, 'Date', fakeDate(function () { return ms; }));
    }
    return m;
  },
  getMockedSystemTime: function () {
    if (clock !== null) return new RealDate(clock.now);
    return fixedDate !== null ? new RealDate(fixedDate) : null;
  },
  getRealSystemTime: function () { return realNow.call(RealDate); },
  now: function () { return clock !== null ? clock.now : realNow.call(RealDate); }
};
// jest before 27 called it so
api.runTimersToTime = api.advanceTimersByTime;
Object.keys(api).forEach(function (k) { m[k] = api[k]; });
core.internals.onFileStart(uninstall);
