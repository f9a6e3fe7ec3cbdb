// decisionprof test harness: calling a test's or a hook's function as mocha does (synchronous, with
// a `done` callback, or returning a promise; a timeout on the real clock) and naming what failed.
'use strict';
// the real timers: a test may fake the globals (fake_timers.js)
var realSetTimeout = globalThis.setTimeout, realClearTimeout = globalThis.clearTimeout;
// `name: message` of a thrown error, else `thrown: value`
function errorOf(e) {
  if (e === undefined || e === null) return String(e);
  if (e instanceof Error || (typeof e === 'object' && typeof e.message === 'string')) {
    return (e.name || 'Error') + ': ' + e.message;
  }
  return 'thrown: ' + String(e);
}
// Calls fn (sync, done-callback or promise-returning) and resolves with null or the error.
function callFn(fn, ctx, timeout) {
  return new Promise(function (resolve) {
    var finished = false;
    var timer = null;
    function finish(err) {
      if (finished) return;
      finished = true;
      if (timer !== null) realClearTimeout(timer);
      resolve(err === undefined ? null : err);
    }
    try {
      if (fn.length > 0) {
        var done = function (err) {
          if (err !== undefined && err !== null) finish(err instanceof Error ? err : new Error('done() invoked with non-Error: ' + String(err)));
          else finish(null);
        };
        done.fail = function (err) { finish(err || new Error('failed')); };
        var r = fn.call(ctx, done);
        if (r && typeof r.then === 'function') {
          finish(new Error('Resolution method is overspecified. Specify a callback *or* return a Promise; not both.'));
          return;
        }
        if (!finished) armTimeout();
      } else {
        var res = fn.call(ctx);
        if (res && typeof res.then === 'function') {
          res.then(function () { finish(null); }, function (e) { finish(e === undefined || e === null ? new Error('Promise rejected with no or falsy reason') : e); });
          if (!finished) armTimeout();
        } else finish(null);
      }
    } catch (e) {
      finish(e === undefined || e === null ? new Error(String(e)) : e);
    }
    function armTimeout() {
      // Read now: the test may have changed it with this.timeout(ms).
      var ms = typeof timeout === 'function' ? timeout() : timeout;
      if (ms > 0 && !finished) {
        timer = realSetTimeout(function () {
          finish(new Error('Timeout of ' + ms + 'ms exceeded. For async tests and hooks, ensure "done()" is called; if returning a Promise, ensure it resolves.'));
        }, ms);
      }
    }
  });
}
function runHooks(hooks, ctx, timeout) {
  var p = Promise.resolve(null);
  hooks.forEach(function (h) {
    p = p.then(function (err) { return err ? err : callFn(h, ctx, timeout); });
  });
  return p;
}

module.exports = { errorOf: errorOf, callFn: callFn, runHooks: runHooks };
