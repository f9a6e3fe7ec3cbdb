// decisionprof host, Node's `timers` and `timers/promises` over the event loop: `process.nextTick`
// callbacks, promise jobs, due timers, then immediates, as node's phases run them, on the real
// clock (a loop with nothing due sleeps until the next timer).
'use strict';
var host = require('decisionprof:host');
var inspect = require('util').inspect;
var loop = { ticks: [], immediates: [], timers: [], seq: 0, nextId: 1 };
// The loop's queues are the host's own state: changed through the built-ins as they were
// before the engine put its logging versions in place, so no check is seen writing them.
var qSplice = Array.prototype.splice, qPush = Array.prototype.push, qShift = Array.prototype.shift;
function now() { return host.hrtimeNs() / 1e6; }
function Timeout(id, interval) { this._id = id; this._repeat = interval; this._live = true; }
Timeout.prototype.ref = function () { return this; };
Timeout.prototype.unref = function () { return this; };
Timeout.prototype.hasRef = function () { return true; };
Timeout.prototype.refresh = function () { return this; };
Timeout.prototype[Symbol.toPrimitive] = function () { return this._id; };
function addTimer(fn, ms, args, repeat) {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
  ms = Number(ms);
  if (!(ms >= 1 && ms <= 2147483647)) ms = 1;
  var t = new Timeout(loop.nextId++, repeat ? ms : null);
  if (host.effect(repeat ? 'schedules a timer (setInterval)' : 'schedules a timer (setTimeout)', false)) { t._live = false; return t; }
  var entry = { t: t, fn: fn, args: args, due: now() + ms, seq: loop.seq++ };
  insertTimer(entry);
  return t;
}
function insertTimer(entry) {
  var a = loop.timers;
  var i = a.length;
  while (i > 0 && (a[i - 1].due > entry.due || (a[i - 1].due === entry.due && a[i - 1].seq > entry.seq))) i--;
  qSplice.call(a, i, 0, entry);
}
function clearTimer(t) {
  if (t === null || t === undefined) return;
  if (host.effect('clears a timer', false)) return;
  if (typeof t === 'object') t._live = false;
  var id = typeof t === 'object' ? t._id : Number(t);
  for (var i = 0; i < loop.timers.length; i++) if (loop.timers[i].t._id === id) { loop.timers[i].t._live = false; qSplice.call(loop.timers, i, 1); return; }
}
function Immediate(id) { this._id = id; this._live = true; }
Immediate.prototype.ref = Immediate.prototype.unref = function () { return this; };
Immediate.prototype.hasRef = function () { return true; };
var timers = {
  setTimeout: function setTimeout(fn, ms) { return addTimer(fn, ms, Array.prototype.slice.call(arguments, 2), false); },
  setInterval: function setInterval(fn, ms) { return addTimer(fn, ms, Array.prototype.slice.call(arguments, 2), true); },
  setImmediate: function setImmediate(fn) {
    if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
    var im = new Immediate(loop.nextId++);
    if (host.effect('schedules a callback (setImmediate)', false)) { im._live = false; return im; }
    qPush.call(loop.immediates, { im: im, fn: fn, args: Array.prototype.slice.call(arguments, 1) });
    return im;
  },
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  clearImmediate: function clearImmediate(im) { if (im && !host.effect('clears a callback (clearImmediate)', false)) im._live = false; }
};
var uncaughtHandler = host.uncaught;
function reportUncaught(e) {
  if (uncaughtHandler) uncaughtHandler(e);
  else throw e;
}
// Runs queued process.nextTick callbacks; true if any ran.
function runTicks() {
  var ran = false;
  while (loop.ticks.length) {
    var t = qShift.call(loop.ticks);
    ran = true;
    try { t.fn.apply(undefined, t.args); } catch (e) { reportUncaught(e); }
  }
  return ran;
}
// process.nextTick callbacks and promise jobs until both queues are empty.
function microtasks() {
  do { runTicks(); host.drainMicrotasks(); } while (loop.ticks.length);
}
// One turn of the event loop, in node's phase order: the timers that are due, then the
// immediates queued before this check phase (microtasks after each callback). Sleeps until the
// next timer when nothing ran. False once no work is left.
function runMacrotask() {
  var ran = false;
  var a = loop.timers;
  var t0 = now();
  while (a.length && a[0].due <= t0) {
    var e = a.shift();
    if (!e.t._live) continue;
    if (e.t._repeat) { e.due = t0 + e.t._repeat; e.seq = loop.seq++; insertTimer(e); } else e.t._live = false;
    ran = true;
    try { e.fn.apply(e.t, e.args); } catch (err) { reportUncaught(err); }
    microtasks();
  }
  if (loop.immediates.length) {
    var batch = loop.immediates;
    loop.immediates = [];
    for (var i = 0; i < batch.length; i++) {
      var im = batch[i];
      if (!im.im._live) continue;
      im.im._live = false;
      ran = true;
      try { im.fn.apply(undefined, im.args); } catch (err2) { reportUncaught(err2); }
      microtasks();
    }
  }
  if (ran) return true;
  if (a.length) { host.sleep(a[0].due - now()); return true; }
  return false;
}
var timersPromises = {
  setTimeout: function (ms, value) { return new Promise(function (res) { timers.setTimeout(function () { res(value); }, ms); }); },
  setImmediate: function (value) { return new Promise(function (res) { timers.setImmediate(function () { res(value); }); }); }
};

module.exports = {
  timers: timers,
  'timers/promises': timersPromises,
  // what `process.nextTick` and the engine's driver (host.js) do with the loop
  eventLoop: {
    // queues `fn(...args)` for the next tick
    queueTick: function (fn, args) { qPush.call(loop.ticks, { fn: fn, args: args }); },
    runTicks: runTicks,
    runMacrotask: runMacrotask,
    setUncaughtHandler: function (f) { uncaughtHandler = f; }
  }
};
