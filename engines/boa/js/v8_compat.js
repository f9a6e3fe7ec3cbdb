// decisionprof host: where Boa's built-ins answer otherwise than V8's, they are made to answer as
// V8's do (Date's legacy strings are date_parse.js's, JSON.parse's errors json_parse.js's).
'use strict';
// ---------------------------------------------------------------- errors
// V8's `stack` layout, which assertion libraries parse: `Name: message`, then the frames
(function () {
  var d = Object.getOwnPropertyDescriptor(Error.prototype, 'stack');
  if (!d || typeof d.get !== 'function') return;
  Object.defineProperty(Error.prototype, 'stack', {
    configurable: true,
    enumerable: d.enumerable,
    get: function () {
      var s;
      try { s = d.get.call(this); } catch (e) { return undefined; }
      if (typeof s !== 'string' || (s !== '' && !/^\s+at /.test(s))) return s;
      s = withoutConstructorFrames(this, s);
      var head = this.name === undefined ? 'Error' : String(this.name);
      var msg = this.message === undefined ? '' : String(this.message);
      if (msg) head = head ? head + ': ' + msg : msg;
      return s ? head + '\n' + s : head;
    },
    set: typeof d.set === 'function' ? function (v) { d.set.call(this, v); } : undefined
  });
  // V8 starts an error's frames below the constructor `new` named (`new PathError` for a
  // subclass of `TypeError` is not a frame of its stack); Boa lists the subclasses' frames
  var NATIVE = [Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError];
  if (typeof AggregateError === 'function') NATIVE.push(AggregateError);
  function withoutConstructorFrames(err, s) {
    var names = [];
    var c;
    try { c = err.constructor; } catch (e) { return s; }
    for (var k = 0; typeof c === 'function' && NATIVE.indexOf(c) < 0 && k < 32; k++) {
      if (typeof c.name === 'string' && c.name) names.push(c.name);
      c = Object.getPrototypeOf(c);
    }
    if (names.length === 0) return s;
    var lines = s.split('\n');
    var drop = 0;
    while (drop < lines.length) {
      var m = /^\s+at (?:new )?([^ (]+)/.exec(lines[drop]);
      if (!m || names.indexOf(m[1]) < 0) break;
      drop++;
    }
    return drop > 0 && drop < lines.length ? lines.slice(drop).join('\n') : s;
  }
})();
if (typeof Error.captureStackTrace !== 'function') {
  // V8's API: sets `stack` on the object, in V8's layout (`Name: message` then `    at …` lines)
  // with `fn`, the frames from the newest call of `fn` up are left out, as in V8; found by its
  // name, so a nameless `fn`, or one not found, leaves every frame
  Error.captureStackTrace = function captureStackTrace(obj, fn) {
    if (obj === null || typeof obj !== 'object' && typeof obj !== 'function') {
      throw new TypeError('The "obj" argument must be an object');
    }
    var frames = String(new Error().stack || '').split('\n').filter(function (l) { return /^\s+at /.test(l); }).slice(1);
    if (typeof fn === 'function') {
      var at = -1;
      for (var i = 0; fn.name && i < frames.length && at < 0; i++) {
        var m = /^\s+at (?:new |async )?([^ (]+)/.exec(frames[i]);
        if (m && (m[1] === fn.name || m[1].slice(-fn.name.length - 1) === '.' + fn.name)) at = i;
      }
      frames = frames.slice(at + 1);
    }
    var head = String(obj.name || 'Error') + (obj.message ? ': ' + obj.message : '');
    Object.defineProperty(obj, 'stack', { value: [head].concat(frames).join('\n'), writable: true, configurable: true, enumerable: false });
  };
  Error.stackTraceLimit = 10;
}


// A function's legacy `arguments` and `caller` read null outside a call, as V8's sloppy
// functions have them (Boa's inherited accessors throw for every function)
['arguments', 'caller'].forEach(function (k) {
  var d = Object.getOwnPropertyDescriptor(Function.prototype, k);
  if (!d || !d.configurable) return;
  Object.defineProperty(Function.prototype, k, { get: function () { return null; }, set: function () {}, configurable: true, enumerable: false });
});

// ---------------------------------------------------------------- RegExp source: V8's escaping
// Boa puts a backslash before every `/` of the pattern, even one already escaped (`/a\/b/` gives
// `a\\/b`, which `new RegExp(re.source)` reads as a backslash) or inside a class; V8 escapes
// only a bare `/` outside a class, as the spec's EscapeRegExpPattern intends
(function () {
  var d = Object.getOwnPropertyDescriptor(RegExp.prototype, 'source');
  if (!d || typeof d.get !== 'function' || /[/]\//.source === '[/]\\/') return;
  var LINE = { '\n': 'n', '\r': 'r', '\u2028': 'u2028', '\u2029': 'u2029' };
  function escapePattern(src) {
    var out = '', inClass = false;
    for (var i = 0; i < src.length; i++) {
      var c = src[i];
      if (c === '\\' && i + 1 < src.length) {
        var next = src[++i];
        out += '\\' + (LINE[next] || next);
      } else if (LINE[c]) {
        out += '\\' + LINE[c];
      } else {
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        out += c === '/' && !inClass ? '\\/' : c;
      }
    }
    return out;
  }
  // every `/` Boa gives back follows a backslash it added: dropping those restores the pattern
  function unescapeSlashes(s) {
    var out = '';
    for (var i = 0; i < s.length; i++) if (!(s[i] === '\\' && s[i + 1] === '/')) out += s[i];
    return out;
  }
  var getter = Object.getOwnPropertyDescriptor({
    get source() {
      var s = d.get.call(this);
      return s === '(?:)' ? s : escapePattern(unescapeSlashes(s));
    }
  }, 'source').get;
  Object.defineProperty(RegExp.prototype, 'source', { configurable: true, enumerable: d.enumerable, get: getter });
})();

// ---------------------------------------------------------------- Atomics.wait: a blocking sleep
// node's main thread may block in `Atomics.wait` (a synchronous sleep: `Atomics.wait(i32, 0, 0,
// ms)`); Boa's throws "agent cannot be suspended". Here it sleeps in slices, each reading the
// per-test limit and the run's --timeout, so a wait without end stops at them as node's would not.
(function () {
  var host = require('decisionprof:host');
  var boaWait = Atomics.wait;
  var now = Date.now;
  var SLICE_MS = 100;
  Object.defineProperty(Atomics, 'wait', {
    configurable: true, writable: true, enumerable: false,
    value: function wait(typedArray, index, value, timeout) {
      try {
        return boaWait.apply(Atomics, arguments);
      } catch (e) {
        if (!(e instanceof TypeError) || !/cannot be suspended/.test(e.message)) throw e;
      }
      // Boa refuses before it compares: the value is compared here, as the spec's ToInt32 or
      // ToBigInt64 reads it
      var expected = typedArray instanceof BigInt64Array ? BigInt.asIntN(64, BigInt(value)) : value | 0;
      if (Atomics.load(typedArray, index) !== expected) return 'not-equal';
      var ms = timeout === undefined ? Infinity : Number(timeout);
      if (ms !== ms) ms = Infinity;
      var end = now() + Math.max(0, ms);
      for (;;) {
        var left = end - now();
        if (left <= 0) return 'timed-out';
        host.sleep(Math.min(left, SLICE_MS));
        host.checkLimits();
      }
    }
  });
})();
