// decisionprof host prelude, part 2: more Node built-ins for Boa — url, querystring,
// string_decoder, crypto (hashes, HMAC, random bytes), zlib, stream, readline, tty, perf_hooks,
// async_hooks, util/types, timers/promises, fs/promises — and web globals (URL, TextEncoder,
// AbortController, atob, …), Error.captureStackTrace. Called by host.js once its own built-ins
// exist; the native helpers (`host.urlParse`, `host.hash`, `host.zlib`) are in engine/src/natives.rs.
(function (host, builtins, Buffer, defineGlobal, EventEmitter, fs, timers, process) {
  'use strict';
  var hasOwn = Object.prototype.hasOwnProperty;

  // ---------------------------------------------------------------- bytes <-> binary strings
  function toBinary(data, enc) {
    var b = Buffer.isBuffer(data) ? data : data instanceof Uint8Array ? Buffer.from(data) : Buffer.from(String(data), enc);
    var s = '';
    for (var i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
    return s;
  }
  function fromBinary(s) {
    var b = Buffer.alloc(s.length);
    for (var i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
    return b;
  }
  function encodeOut(buf, enc) { return enc ? buf.toString(enc) : buf; }

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

  // Date: V8's legacy string forms are engine/js/date_parse.js's

  // A function's legacy `arguments` and `caller` read null outside a call, as V8's sloppy
  // functions have them (Boa's inherited accessors throw for every function)
  ['arguments', 'caller'].forEach(function (k) {
    var d = Object.getOwnPropertyDescriptor(Function.prototype, k);
    if (!d || !d.configurable) return;
    Object.defineProperty(Function.prototype, k, { get: function () { return null; }, set: function () {}, configurable: true, enumerable: false });
  });

  // ---------------------------------------------------------------- Buffer: numbers, copies, views, search
  // node's binary methods on top of host.js's Buffer (`readUInt8`, `writeInt32LE`, `readDoubleBE`,
  // `copy`, `slice` as a view, `indexOf` of a string, …), with node's range errors
  (function (proto) {
    function outOfRange(what, range, got) {
      var e = new RangeError('The value of "' + what + '" is out of range. It must be ' + range + '. Received ' + String(got));
      e.code = 'ERR_OUT_OF_RANGE';
      return e;
    }
    function offsetOf(buf, off, size) {
      off = off === undefined ? 0 : off;
      if (typeof off !== 'number') {
        var t = new TypeError('The "offset" argument must be of type number. Received ' + typeof off);
        t.code = 'ERR_INVALID_ARG_TYPE';
        throw t;
      }
      if (off !== Math.floor(off) || off < 0 || off > buf.length - size) {
        if (buf.length - size < 0) { var b = new RangeError('Attempt to access memory outside buffer bounds'); b.code = 'ERR_BUFFER_OUT_OF_BOUNDS'; throw b; }
        throw outOfRange('offset', off !== Math.floor(off) ? 'an integer' : '>= 0 and <= ' + (buf.length - size), off);
      }
      return off;
    }
    function view(buf) { return new DataView(buf.buffer, buf.byteOffset, buf.byteLength); }
    // name, DataView type, bytes, integer range (none for floats)
    var KINDS = [
      ['UInt8', 'Uint8', 1, [0, 255]], ['Int8', 'Int8', 1, [-128, 127]],
      ['UInt16', 'Uint16', 2, [0, 65535]], ['Int16', 'Int16', 2, [-32768, 32767]],
      ['UInt32', 'Uint32', 4, [0, 4294967295]], ['Int32', 'Int32', 4, [-2147483648, 2147483647]],
      ['Float', 'Float32', 4, null], ['Double', 'Float64', 8, null],
      ['BigUInt64', 'BigUint64', 8, null], ['BigInt64', 'BigInt64', 8, null]
    ];
    function define(name, f) {
      f = host.asNative(f);
      Object.defineProperty(proto, name, { value: f, writable: true, configurable: true, enumerable: false });
      if (name.indexOf('UInt') >= 0) Object.defineProperty(proto, name.replace('UInt', 'Uint'), { value: f, writable: true, configurable: true, enumerable: false });
    }
    KINDS.forEach(function (k) {
      var size = k[2], range = k[3], getter = 'get' + k[1], setter = 'set' + k[1];
      var ends = size === 1 ? [['', true]] : [['LE', true], ['BE', false]];
      ends.forEach(function (end) {
        define('read' + k[0] + end[0], function (off) {
          return view(this)[getter](offsetOf(this, off, size), end[1]);
        });
        define('write' + k[0] + end[0], function (value, off) {
          off = offsetOf(this, off, size);
          if (range && (value < range[0] || value > range[1])) throw outOfRange('value', '>= ' + range[0] + ' and <= ' + range[1], value);
          view(this)[setter](off, range ? Number(value) : value, end[1]);
          return off + size;
        });
      });
    });
    ['LE', 'BE'].forEach(function (end) {
      define('readUInt' + end, function (off, n) {
        offsetOf(this, off, n);
        var v = 0;
        for (var i = 0; i < n; i++) v = v * 256 + this[off + (end === 'BE' ? i : n - 1 - i)];
        return v;
      });
      define('readInt' + end, function (off, n) {
        var v = this['readUInt' + end](off, n);
        return v >= Math.pow(2, 8 * n - 1) ? v - Math.pow(2, 8 * n) : v;
      });
      define('writeUInt' + end, function (value, off, n) {
        offsetOf(this, off, n);
        host.touch(this);
        var v = value;
        for (var i = 0; i < n; i++) { this[off + (end === 'BE' ? n - 1 - i : i)] = v % 256; v = Math.floor(v / 256); }
        return off + n;
      });
      define('writeInt' + end, function (value, off, n) {
        return this['writeUInt' + end](value < 0 ? value + Math.pow(2, 8 * n) : value, off, n);
      });
    });
    define('copy', function (target, targetStart, sourceStart, sourceEnd) {
      targetStart = targetStart || 0; sourceStart = sourceStart || 0;
      sourceEnd = sourceEnd === undefined ? this.length : Math.min(sourceEnd, this.length);
      var n = Math.max(0, Math.min(sourceEnd - sourceStart, target.length - targetStart));
      target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
      return n;
    });
    // a view on the same memory, as `subarray`
    define('slice', function (start, end) { return this.subarray(start, end); });
    define('compare', function (other) { return Buffer.compare(this, other); });
    function needle(v, enc) {
      return typeof v === 'string' ? Buffer.from(v, enc) : typeof v === 'number' ? [v & 255] : v;
    }
    define('indexOf', function (v, from, enc) {
      if (typeof from === 'string') { enc = from; from = 0; }
      var n = needle(v, enc), start = from === undefined ? 0 : from < 0 ? Math.max(0, this.length + from) : from;
      if (n.length === 0) return Math.min(start, this.length);
      outer: for (var i = start; i + n.length <= this.length; i++) {
        for (var j = 0; j < n.length; j++) if (this[i + j] !== n[j]) continue outer;
        return i;
      }
      return -1;
    });
    define('lastIndexOf', function (v, from, enc) {
      if (typeof from === 'string') { enc = from; from = undefined; }
      var n = needle(v, enc), start = from === undefined ? this.length - n.length : from < 0 ? this.length + from : Math.min(from, this.length - n.length);
      outer: for (var i = start; i >= 0; i--) {
        for (var j = 0; j < n.length; j++) if (this[i + j] !== n[j]) continue outer;
        return i;
      }
      return -1;
    });
    define('includes', function (v, from, enc) { return this.indexOf(v, from, enc) !== -1; });
    // the typed-array `fill` as it is when called (guarded while checks run: engine/src/internals.rs)
    function nativeFill(buf, v, start, end) { return Object.getPrototypeOf(Uint8Array.prototype).fill.call(buf, v, start, end); }
    define('fill', function (v, start, end, enc) {
      if (typeof start === 'string') { enc = start; start = 0; end = this.length; }
      if (typeof v !== 'string' && !(v instanceof Uint8Array)) return nativeFill(this, typeof v === 'number' ? v & 255 : v, start, end);
      var bytes = needle(v, enc);
      start = start === undefined ? 0 : start; end = end === undefined ? this.length : end;
      if (bytes.length === 0) return nativeFill(this, 0, start, end);
      host.touch(this);
      for (var i = start; i < end; i++) this[i] = bytes[(i - start) % bytes.length];
      return this;
    });
    function swap(size) {
      return function () {
        if (this.length % size !== 0) { var e = new RangeError('Buffer size must be a multiple of ' + (size * 8) + '-bits'); e.code = 'ERR_INVALID_BUFFER_SIZE'; throw e; }
        host.touch(this);
        for (var i = 0; i < this.length; i += size) Array.prototype.reverse.call(this.subarray(i, i + size));
        return this;
      };
    }
    define('swap16', swap(2)); define('swap32', swap(4)); define('swap64', swap(8));
    Object.defineProperty(proto, 'toLocaleString', { value: proto.toString, writable: true, configurable: true, enumerable: false });
  })(Buffer.prototype);

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

  // ---------------------------------------------------------------- querystring
  function qsEscape(s) { return encodeURIComponent(s).replace(/[!'()*]/g, function (c) { return '%' + c.charCodeAt(0).toString(16).toUpperCase(); }); }
  function qsUnescape(s) { try { return decodeURIComponent(s); } catch (e) { return unescape(s); } }
  var querystring = {
    escape: qsEscape,
    unescape: qsUnescape,
    parse: function (str, sep, eq, options) {
      sep = sep || '&'; eq = eq || '=';
      var out = Object.create(null);
      if (typeof str !== 'string' || str.length === 0) return out;
      var max = options && typeof options.maxKeys === 'number' ? options.maxKeys : 1000;
      var parts = str.split(sep);
      if (max > 0 && parts.length > max) parts = parts.slice(0, max);
      var dec = options && options.decodeURIComponent || qsUnescape;
      parts.forEach(function (p) {
        var i = p.indexOf(eq);
        var k = dec((i >= 0 ? p.slice(0, i) : p).replace(/\+/g, ' '));
        var v = i >= 0 ? dec(p.slice(i + eq.length).replace(/\+/g, ' ')) : '';
        if (!hasOwn.call(out, k)) out[k] = v;
        else if (Array.isArray(out[k])) out[k].push(v);
        else out[k] = [out[k], v];
      });
      return out;
    },
    stringify: function (obj, sep, eq, options) {
      sep = sep || '&'; eq = eq || '=';
      var enc = options && options.encodeURIComponent || qsEscape;
      var prim = function (v) { return typeof v === 'string' ? v : typeof v === 'number' && isFinite(v) ? String(v) : typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : ''; };
      if (obj === null || typeof obj !== 'object') return '';
      return Object.keys(obj).map(function (k) {
        var v = obj[k];
        var ks = enc(prim(k)) + eq;
        return Array.isArray(v) ? v.map(function (x) { return ks + enc(prim(x)); }).join(sep) : ks + enc(prim(v));
      }).filter(function (s) { return s.length > 0; }).join(sep);
    }
  };
  querystring.decode = querystring.parse;
  querystring.encode = querystring.stringify;
  builtins.querystring = querystring;

  // ---------------------------------------------------------------- URL
  function URLSearchParams(init) {
    if (!(this instanceof URLSearchParams)) throw new TypeError("Class constructor URLSearchParams cannot be invoked without 'new'");
    this._list = [];
    this._url = null;
    if (typeof init === 'string') this._parse(init);
    else if (init && typeof init === 'object') {
      var self = this;
      if (typeof init[Symbol.iterator] === 'function') Array.from(init).forEach(function (p) { self._list.push([String(p[0]), String(p[1])]); });
      else Object.keys(init).forEach(function (k) { self._list.push([k, String(init[k])]); });
    }
  }
  URLSearchParams.prototype._parse = function (s) {
    this._list = [];
    s = String(s).replace(/^\?/, '');
    if (!s) return;
    var self = this;
    s.split('&').forEach(function (p) {
      if (!p) return;
      var i = p.indexOf('=');
      var d = function (x) { return qsUnescape(x.replace(/\+/g, ' ')); };
      self._list.push(i >= 0 ? [d(p.slice(0, i)), d(p.slice(i + 1))] : [d(p), '']);
    });
  };
  URLSearchParams.prototype._update = function () {
    if (this._url) { var s = this.toString(); this._url._set('search', s ? '?' + s : ''); }
  };
  URLSearchParams.prototype.append = function (k, v) { this._list.push([String(k), String(v)]); this._update(); };
  URLSearchParams.prototype.delete = function (k) { k = String(k); this._list = this._list.filter(function (p) { return p[0] !== k; }); this._update(); };
  URLSearchParams.prototype.get = function (k) { k = String(k); var p = this._list.find(function (x) { return x[0] === k; }); return p ? p[1] : null; };
  URLSearchParams.prototype.getAll = function (k) { k = String(k); return this._list.filter(function (p) { return p[0] === k; }).map(function (p) { return p[1]; }); };
  URLSearchParams.prototype.has = function (k) { k = String(k); return this._list.some(function (p) { return p[0] === k; }); };
  URLSearchParams.prototype.set = function (k, v) {
    k = String(k);
    var i = this._list.findIndex(function (p) { return p[0] === k; });
    if (i < 0) this._list.push([k, String(v)]);
    else { this._list[i][1] = String(v); this._list = this._list.filter(function (p, j) { return j <= i || p[0] !== k; }); }
    this._update();
  };
  URLSearchParams.prototype.sort = function () { this._list.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; }); this._update(); };
  URLSearchParams.prototype.forEach = function (f, thisArg) { var self = this; this._list.forEach(function (p) { f.call(thisArg, p[1], p[0], self); }); };
  URLSearchParams.prototype.keys = function () { return this._list.map(function (p) { return p[0]; })[Symbol.iterator](); };
  URLSearchParams.prototype.values = function () { return this._list.map(function (p) { return p[1]; })[Symbol.iterator](); };
  URLSearchParams.prototype.entries = function () { return this._list.map(function (p) { return [p[0], p[1]]; })[Symbol.iterator](); };
  URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
  URLSearchParams.prototype.toString = function () {
    var e = function (s) { return encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, function (c) { return '%' + c.charCodeAt(0).toString(16).toUpperCase(); }); };
    return this._list.map(function (p) { return e(p[0]) + '=' + e(p[1]); }).join('&');
  };
  Object.defineProperty(URLSearchParams.prototype, 'size', { get: function () { return this._list.length; } });

  var URL_PARTS = ['href', 'protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];
  function URL(input, base) {
    if (!(this instanceof URL)) throw new TypeError("Class constructor URL cannot be invoked without 'new'");
    var parts;
    try {
      parts = host.urlParse(String(input && input.href !== undefined ? input.href : input), base === undefined ? undefined : String(base && base.href !== undefined ? base.href : base));
    } catch (e) {
      var err = new TypeError('Invalid URL');
      err.code = 'ERR_INVALID_URL';
      err.input = String(input);
      throw err;
    }
    this._p = parts;
    this._params = new URLSearchParams(parts.search);
    this._params._url = this;
  }
  URL.prototype._set = function (k, v) {
    var p = this._p;
    var auth = p.username ? p.username + (p.password ? ':' + p.password : '') + '@' : '';
    var next = Object.assign({}, p);
    next[k] = v;
    var hostPart = next.hostname + (next.port ? ':' + next.port : '');
    var special = /^(https?|ftp|wss?|file):$/.test(next.protocol);
    var href = next.protocol + (special || hostPart ? '//' : '') + auth + hostPart + next.pathname + next.search + next.hash;
    var parsed = host.urlParse(href);
    this._p = parsed;
    if (k !== 'search') this._params._parse(parsed.search);
  };
  URL_PARTS.forEach(function (k) {
    Object.defineProperty(URL.prototype, k, {
      get: function () { return this._p[k]; },
      set: function (v) {
        if (k === 'origin') return;
        if (k === 'href') { this._p = host.urlParse(String(v)); this._params._parse(this._p.search); return; }
        var s = String(v);
        if (k === 'search' && s && s.charAt(0) !== '?') s = '?' + s;
        if (k === 'hash' && s && s.charAt(0) !== '#') s = '#' + s;
        if (k === 'protocol' && s.slice(-1) !== ':') s += ':';
        this._set(k, s);
        if (k === 'search') this._params._parse(this._p.search);
      },
      enumerable: true,
      configurable: true
    });
  });
  Object.defineProperty(URL.prototype, 'host', {
    get: function () { return this._p.hostname + (this._p.port ? ':' + this._p.port : ''); },
    set: function (v) { var m = /^([^:]*)(?::(\d*))?$/.exec(String(v)); if (m) { this._set('hostname', m[1]); if (m[2] !== undefined) this._set('port', m[2]); } },
    enumerable: true,
    configurable: true
  });
  Object.defineProperty(URL.prototype, 'searchParams', { get: function () { return this._params; }, enumerable: true, configurable: true });
  URL.prototype.toString = function () { return this._p.href; };
  URL.prototype.toJSON = function () { return this._p.href; };
  URL.canParse = function (input, base) { try { new URL(input, base); return true; } catch (e) { return false; } };
  function fileURLToPath(u) {
    var url = typeof u === 'string' ? new URL(u) : u;
    if (!url || url.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
    return decodeURIComponent(url.pathname);
  }
  function pathToFileURL(p) {
    var abs = builtins.path.resolve(String(p));
    return new URL('file://' + abs.split('/').map(function (s) { return encodeURIComponent(s); }).join('/'));
  }
  // the legacy `url.parse`, on top of the WHATWG parser (relative references kept as paths)
  function legacyParse(s, parseQuery) {
    var out = { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: String(s) };
    var u = null;
    try { u = new URL(String(s)); } catch (e) { u = null; }
    var search, hash, pathname;
    if (u) {
      out.protocol = u.protocol; out.slashes = /^[a-z][a-z0-9+.-]*:\/\//i.test(String(s)) || null;
      out.auth = u.username ? decodeURIComponent(u.username) + (u.password ? ':' + decodeURIComponent(u.password) : '') : null;
      out.host = u.host || null; out.port = u.port || null; out.hostname = u.hostname || null;
      search = u.search; hash = u.hash; pathname = u.pathname; out.href = u.href;
    } else {
      var m = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(String(s));
      pathname = m[1]; search = m[2] || ''; hash = m[3] || '';
    }
    out.hash = hash || null;
    out.search = search || null;
    out.query = parseQuery ? querystring.parse((search || '').slice(1)) : (search ? search.slice(1) : null);
    out.pathname = pathname || (u ? '/' : null);
    out.path = (out.pathname || '') + (search || '') || null;
    return out;
  }
  function legacyFormat(o) {
    if (typeof o === 'string') return o;
    if (o instanceof URL) return o.href;
    var proto = o.protocol || '';
    if (proto && proto.slice(-1) !== ':') proto += ':';
    var auth = o.auth ? encodeURIComponent(o.auth).replace(/%3A/i, ':') + '@' : '';
    var hostPart = o.host || (o.hostname ? o.hostname + (o.port ? ':' + o.port : '') : '');
    var search = o.search || (o.query && typeof o.query === 'object' ? '?' + querystring.stringify(o.query) : o.query ? '?' + o.query : '');
    if (search && search.charAt(0) !== '?') search = '?' + search;
    var hash = o.hash ? (o.hash.charAt(0) === '#' ? o.hash : '#' + o.hash) : '';
    var slashes = o.slashes || /^(https?|ftp|gopher|file):$/.test(proto) ? '//' : '';
    return proto + (hostPart || proto === 'file:' ? slashes : '') + auth + hostPart + (o.pathname || '') + search + hash;
  }
  builtins.url = {
    URL: URL,
    URLSearchParams: URLSearchParams,
    fileURLToPath: fileURLToPath,
    pathToFileURL: pathToFileURL,
    parse: legacyParse,
    format: legacyFormat,
    resolve: function (from, to) { return new URL(to, new URL(from, 'resolve://')).href.replace(/^resolve:\/\/\/?/, from.charAt(0) === '/' ? '/' : ''); },
    domainToASCII: function (d) { try { return new URL('http://' + d).hostname; } catch (e) { return ''; } },
    domainToUnicode: function (d) { return String(d); }
  };

  // ---------------------------------------------------------------- string_decoder
  function StringDecoder(encoding) {
    this.encoding = String(encoding || 'utf8').toLowerCase().replace('-', '');
    if (this.encoding === 'utf8') this.encoding = 'utf8';
    this._pending = [];
  }
  StringDecoder.prototype.write = function (buf) {
    if (typeof buf === 'string') return buf;
    var bytes = this._pending.concat(Array.prototype.slice.call(buf));
    this._pending = [];
    if (this.encoding === 'utf8') {
      // keep an incomplete trailing UTF-8 sequence for the next write
      var i = bytes.length - 1, need = 0, back = 0;
      while (i >= 0 && back < 4 && (bytes[i] & 0xc0) === 0x80) { i--; back++; }
      if (i >= 0) {
        var b = bytes[i];
        need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (need > back + 1) { this._pending = bytes.slice(i); bytes = bytes.slice(0, i); }
      }
    } else if (this.encoding === 'utf16le' || this.encoding === 'ucs2') {
      if (bytes.length % 2) this._pending = bytes.splice(bytes.length - 1, 1);
    }
    return Buffer.from(bytes).toString(this.encoding);
  };
  StringDecoder.prototype.end = function (buf) {
    var s = buf ? this.write(buf) : '';
    if (this._pending.length) { s += Buffer.from(this._pending).toString(this.encoding); this._pending = []; }
    return s;
  };
  builtins.string_decoder = { StringDecoder: StringDecoder };

  // ---------------------------------------------------------------- crypto
  // Random bytes are deterministic (a fixed-seed xorshift): runs are reproducible by design.
  var seed = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x3c6ef372];
  function nextRandom() {
    var t = seed[3];
    var s = seed[0];
    seed[3] = seed[2]; seed[2] = seed[1]; seed[1] = s;
    t ^= t << 11; t ^= t >>> 8;
    seed[0] = (t ^ s ^ (s >>> 19)) >>> 0;
    return seed[0];
  }
  function randomBytes(n, cb) {
    var b = Buffer.alloc(n);
    for (var i = 0; i < n; i++) b[i] = nextRandom() & 0xff;
    if (typeof cb === 'function') { process.nextTick(function () { cb(null, b); }); return undefined; }
    return b;
  }
  function Hash(alg) { this._alg = String(alg).toLowerCase().replace('-', ''); this._data = ''; host.hash(this._alg, ''); }
  Hash.prototype.update = function (data, enc) { this._data += toBinary(data, enc); return this; };
  Hash.prototype.digest = function (enc) { return encodeOut(fromBinary(host.hash(this._alg, this._data)), enc); };
  Hash.prototype.copy = function () { var h = new Hash(this._alg); h._data = this._data; return h; };
  var BLOCK = { md5: 64, sha1: 64, sha224: 64, sha256: 64, sha384: 128, sha512: 128 };
  function Hmac(alg, key) {
    this._alg = String(alg).toLowerCase().replace('-', '');
    var k = toBinary(key);
    var block = BLOCK[this._alg] || 64;
    if (k.length > block) k = host.hash(this._alg, k);
    while (k.length < block) k += '\0';
    var xor = function (c) { var s = ''; for (var i = 0; i < k.length; i++) s += String.fromCharCode(k.charCodeAt(i) ^ c); return s; };
    this._outer = xor(0x5c);
    this._inner = xor(0x36);
    this._data = '';
  }
  Hmac.prototype.update = Hash.prototype.update;
  Hmac.prototype.digest = function (enc) {
    var inner = host.hash(this._alg, this._inner + this._data);
    return encodeOut(fromBinary(host.hash(this._alg, this._outer + inner)), enc);
  };
  function randomUUID() {
    var b = randomBytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = b.toString('hex');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }
  function getRandomValues(arr) {
    var bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
    var r = randomBytes(bytes.length);
    for (var i = 0; i < bytes.length; i++) bytes[i] = r[i];
    return arr;
  }
  var webcrypto = {
    getRandomValues: getRandomValues,
    randomUUID: randomUUID,
    get subtle() { throw new Error('crypto.subtle is not available in the embedded engine'); }
  };
  builtins.crypto = {
    createHash: function (alg) { return new Hash(alg); },
    createHmac: function (alg, key) { return new Hmac(alg, key); },
    randomBytes: randomBytes,
    pseudoRandomBytes: randomBytes,
    randomFillSync: function (buf) { return getRandomValues(buf); },
    randomInt: function (min, max) { if (max === undefined) { max = min; min = 0; } return min + (nextRandom() % (max - min)); },
    randomUUID: randomUUID,
    getRandomValues: getRandomValues,
    timingSafeEqual: function (a, b) {
      if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
      var d = 0;
      for (var i = 0; i < a.length; i++) d |= a[i] ^ b[i];
      return d === 0;
    },
    getHashes: function () { return Object.keys(BLOCK); },
    webcrypto: webcrypto
  };

  // ---------------------------------------------------------------- zlib
  function zlibSync(op) {
    return function (data) { return fromBinary(host.zlib(op, toBinary(data))); };
  }
  function zlibAsync(op) {
    var sync = zlibSync(op);
    return function (data, opts, cb) {
      if (typeof opts === 'function') cb = opts;
      var out, err = null;
      try { out = sync(data); } catch (e) { err = e; }
      process.nextTick(function () { cb(err, out); });
    };
  }
  var zlib = { constants: { Z_NO_FLUSH: 0, Z_FINISH: 4, Z_OK: 0, Z_STREAM_END: 1, Z_DEFAULT_COMPRESSION: -1, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9 } };
  [['deflate', 'deflate'], ['inflate', 'inflate'], ['deflateRaw', 'deflateRaw'], ['inflateRaw', 'inflateRaw'], ['gzip', 'gzip'], ['gunzip', 'gunzip'], ['unzip', 'inflate']].forEach(function (p) {
    zlib[p[0] + 'Sync'] = zlibSync(p[1]);
    zlib[p[0]] = zlibAsync(p[1]);
  });
  ['brotliCompress', 'brotliDecompress', 'createGzip', 'createGunzip', 'createDeflate', 'createInflate'].forEach(function (n) {
    zlib[n] = zlib[n + 'Sync'] = function () { throw new Error('zlib.' + n + ' is not available in the embedded engine (the synchronous and callback forms of deflate/inflate/gzip/gunzip are)'); };
  });
  builtins.zlib = zlib;

  // ---------------------------------------------------------------- stream (in memory)
  function inherit(C, P) { C.prototype = Object.create(P.prototype, { constructor: { value: C, writable: true, configurable: true } }); Object.setPrototypeOf(C, P); }
  function Stream(opts) { EventEmitter.call(this, opts); }
  inherit(Stream, EventEmitter);
  Stream.prototype.pipe = function (dest, opts) {
    var src = this;
    src.on('data', function (chunk) { if (dest.write(chunk) === false && src.pause) src.pause(); });
    if (dest.on) dest.on('drain', function () { if (src.resume) src.resume(); });
    if (!opts || opts.end !== false) src.on('end', function () { if (dest.end) dest.end(); });
    if (dest.emit) dest.emit('pipe', src);
    return dest;
  };
  function Readable(opts) {
    if (!(this instanceof Readable)) return new Readable(opts);
    Stream.call(this, opts);
    opts = opts || {};
    this._buf = [];
    this._ended = false;
    this._endEmitted = false;
    this._flowing = null;
    this._reading = false;
    this._encoding = null;
    this.readable = true;
    this.destroyed = false;
    this.readableObjectMode = !!(opts.objectMode || opts.readableObjectMode);
    if (typeof opts.read === 'function') this._read = opts.read;
    if (typeof opts.destroy === 'function') this._destroy = opts.destroy;
  }
  inherit(Readable, Stream);
  Readable.prototype._read = function () {};
  Readable.prototype.push = function (chunk, enc) {
    if (chunk === null) { this._ended = true; this._schedule(); return false; }
    if (!this.readableObjectMode && typeof chunk === 'string') chunk = Buffer.from(chunk, enc);
    this._buf.push(chunk);
    this._schedule();
    return true;
  };
  Readable.prototype.unshift = function (chunk) { this._buf.unshift(chunk); };
  Readable.prototype._decode = function (c) { return this._encoding && Buffer.isBuffer(c) ? c.toString(this._encoding) : c; };
  Readable.prototype._schedule = function () {
    var self = this;
    if (self._scheduled) return;
    self._scheduled = true;
    process.nextTick(function () { self._scheduled = false; self._flow(); });
  };
  Readable.prototype._flow = function () {
    if (this.destroyed) return;
    if (this._flowing) {
      while (this._flowing && this._buf.length) this.emit('data', this._decode(this._buf.shift()));
    } else if (this._buf.length && this.listenerCount('readable') > 0) {
      this.emit('readable');
    }
    if (!this._buf.length && this._ended) {
      if (!this._endEmitted && (this._flowing || this.listenerCount('readable') > 0 || this._drained)) {
        this._endEmitted = true;
        this.readable = false;
        this.emit('end');
        this.emit('close');
      }
      return;
    }
    if (!this._buf.length && !this._ended && !this._reading && (this._flowing || this.listenerCount('readable') > 0)) {
      this._reading = true;
      this._read(16384);
      this._reading = false;
    }
  };
  Readable.prototype.read = function () {
    if (!this._buf.length) {
      if (!this._ended) { this._read(16384); }
      if (!this._buf.length) { if (this._ended) { this._drained = true; this._schedule(); } return null; }
    }
    var c;
    if (this.readableObjectMode) c = this._buf.shift();
    else { c = Buffer.concat(this._buf.map(function (x) { return Buffer.isBuffer(x) ? x : Buffer.from(x); })); this._buf = []; }
    if (!this._buf.length && this._ended) { this._drained = true; this._schedule(); }
    return this._decode(c);
  };
  Readable.prototype.on = function (ev, fn) {
    EventEmitter.prototype.on.call(this, ev, fn);
    if (ev === 'data' && this._flowing !== false) this.resume();
    if (ev === 'readable' || ev === 'end') this._schedule();
    return this;
  };
  Readable.prototype.addListener = Readable.prototype.on;
  Readable.prototype.resume = function () { this._flowing = true; this._schedule(); return this; };
  Readable.prototype.pause = function () { this._flowing = false; return this; };
  Readable.prototype.isPaused = function () { return this._flowing === false; };
  Readable.prototype.setEncoding = function (enc) { this._encoding = enc; return this; };
  Readable.prototype.destroy = function (err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    var self = this;
    var done = function (e) { process.nextTick(function () { if (e) self.emit('error', e); self.emit('close'); }); };
    if (this._destroy) this._destroy(err || null, done); else done(err);
    return this;
  };
  Readable.prototype[Symbol.asyncIterator] = function () {
    var self = this, queue = [], waiting = null, done = false, failure = null;
    self.on('data', function (c) { if (waiting) { var w = waiting; waiting = null; w.resolve({ value: c, done: false }); } else queue.push(c); });
    self.on('end', function () { done = true; if (waiting) { var w = waiting; waiting = null; w.resolve({ value: undefined, done: true }); } });
    self.on('error', function (e) { failure = e; if (waiting) { var w = waiting; waiting = null; w.reject(e); } });
    return {
      next: function () {
        if (failure) return Promise.reject(failure);
        if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise(function (resolve, reject) { waiting = { resolve: resolve, reject: reject }; });
      },
      return: function () { self.destroy(); return Promise.resolve({ value: undefined, done: true }); },
      [Symbol.asyncIterator]: function () { return this; }
    };
  };
  Readable.from = function (iterable, opts) {
    var r = new Readable(Object.assign({ objectMode: true }, opts));
    var it = iterable[Symbol.asyncIterator] ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
    r._read = function () {
      Promise.resolve(it.next()).then(function (step) { r.push(step.done ? null : step.value); }, function (e) { r.destroy(e); });
    };
    return r;
  };
  function Writable(opts) {
    if (!(this instanceof Writable) && !(this instanceof Duplex)) return new Writable(opts);
    Stream.call(this, opts);
    opts = opts || {};
    this._queue = [];
    this._writing = false;
    this._ending = false;
    this.writable = true;
    this.writableFinished = false;
    this.destroyed = false;
    this.writableObjectMode = !!(opts.objectMode || opts.writableObjectMode);
    this._decodeStrings = opts.decodeStrings !== false;
    if (typeof opts.write === 'function') this._write = opts.write;
    if (typeof opts.writev === 'function') this._writev = opts.writev;
    if (typeof opts.final === 'function') this._final = opts.final;
    if (typeof opts.destroy === 'function') this._destroy = opts.destroy;
  }
  inherit(Writable, Stream);
  Writable.prototype._write = function (chunk, enc, cb) { cb(); };
  Writable.prototype.write = function (chunk, enc, cb) {
    if (typeof enc === 'function') { cb = enc; enc = null; }
    if (this._ending) {
      var err = new Error('write after end');
      err.code = 'ERR_STREAM_WRITE_AFTER_END';
      var self0 = this;
      process.nextTick(function () { if (cb) cb(err); self0.emit('error', err); });
      return false;
    }
    if (!this.writableObjectMode && this._decodeStrings && typeof chunk === 'string') { chunk = Buffer.from(chunk, enc || 'utf8'); enc = 'buffer'; }
    this._queue.push({ chunk: chunk, enc: enc || (Buffer.isBuffer(chunk) ? 'buffer' : 'utf8'), cb: cb });
    this._drainQueue();
    return true;
  };
  Writable.prototype._drainQueue = function () {
    var self = this;
    if (self._writing) return;
    var item = self._queue.shift();
    if (!item) {
      if (self._ending && !self.writableFinished && !self._finishing) self._finish();
      return;
    }
    self._writing = true;
    self._write(item.chunk, item.enc, function (err) {
      self._writing = false;
      if (err) { if (item.cb) item.cb(err); self.emit('error', err); return; }
      if (item.cb) item.cb(null);
      process.nextTick(function () { self._drainQueue(); });
    });
  };
  Writable.prototype._finish = function () {
    var self = this;
    self._finishing = true;
    var done = function (err) {
      if (err) { self.emit('error', err); return; }
      self.writableFinished = true;
      self.writable = false;
      process.nextTick(function () { self.emit('finish'); self.emit('close'); });
    };
    if (self._final) self._final(done); else done();
  };
  Writable.prototype.end = function (chunk, enc, cb) {
    if (typeof chunk === 'function') { cb = chunk; chunk = null; }
    if (typeof enc === 'function') { cb = enc; enc = null; }
    if (chunk !== null && chunk !== undefined) this.write(chunk, enc);
    if (cb) this.once('finish', cb);
    this._ending = true;
    this._drainQueue();
    return this;
  };
  Writable.prototype.cork = function () {};
  Writable.prototype.uncork = function () {};
  Writable.prototype.setDefaultEncoding = function () { return this; };
  Writable.prototype.destroy = Readable.prototype.destroy;
  function Duplex(opts) {
    if (!(this instanceof Duplex)) return new Duplex(opts);
    Readable.call(this, opts);
    var r = { _buf: this._buf };
    Writable.call(this, opts);
    this._buf = r._buf;
    if (opts && opts.readableObjectMode) this.readableObjectMode = true;
    if (opts && opts.writableObjectMode) this.writableObjectMode = true;
  }
  inherit(Duplex, Readable);
  // a Duplex is a Writable too, as in node
  Object.defineProperty(Writable, Symbol.hasInstance, {
    value: function (o) { return Function.prototype[Symbol.hasInstance].call(this, o) || (this === Writable && o instanceof Duplex); }
  });
  ['write', '_drainQueue', '_finish', 'end', 'cork', 'uncork', 'setDefaultEncoding', '_write'].forEach(function (k) {
    Duplex.prototype[k] = Writable.prototype[k];
  });
  function Transform(opts) {
    if (!(this instanceof Transform)) return new Transform(opts);
    Duplex.call(this, opts);
    if (opts && typeof opts.transform === 'function') this._transform = opts.transform;
    if (opts && typeof opts.flush === 'function') this._flush = opts.flush;
    var self = this;
    this._write = function (chunk, enc, cb) {
      self._transform(chunk, enc, function (err, data) {
        if (data !== undefined && data !== null) self.push(data);
        cb(err);
      });
    };
    this._final = function (cb) {
      var end = function (err, data) { if (data !== undefined && data !== null) self.push(data); self.push(null); cb(err); };
      if (self._flush) self._flush(end); else end();
    };
  }
  inherit(Transform, Duplex);
  Transform.prototype._transform = function (chunk, enc, cb) { cb(new Error('The _transform() method is not implemented')); };
  function PassThrough(opts) {
    if (!(this instanceof PassThrough)) return new PassThrough(opts);
    Transform.call(this, opts);
  }
  inherit(PassThrough, Transform);
  PassThrough.prototype._transform = function (chunk, enc, cb) { cb(null, chunk); };
  function finished(s, opts, cb) {
    if (typeof opts === 'function') cb = opts;
    var called = false;
    var done = function (err) { if (!called) { called = true; cb(err || undefined); } };
    s.on('error', done);
    s.on('end', function () { done(); });
    s.on('finish', function () { done(); });
    return function () {};
  }
  function pipeline() {
    var streams = Array.prototype.slice.call(arguments);
    var cb = typeof streams[streams.length - 1] === 'function' ? streams.pop() : function () {};
    if (Array.isArray(streams[0])) streams = streams[0];
    var called = false;
    var done = function (err) { if (!called) { called = true; cb(err || undefined); } };
    for (var i = 0; i < streams.length - 1; i++) streams[i].pipe(streams[i + 1]);
    streams.forEach(function (s) { s.on('error', done); });
    var last = streams[streams.length - 1];
    last.on('finish', function () { done(); });
    last.on('end', function () { done(); });
    return last;
  }
  var streamPromises = {
    pipeline: function () { var a = Array.prototype.slice.call(arguments); return new Promise(function (res, rej) { pipeline.apply(null, a.concat([function (e) { if (e) rej(e); else res(); }])); }); },
    finished: function (s) { return new Promise(function (res, rej) { finished(s, function (e) { if (e) rej(e); else res(); }); }); }
  };
  Stream.Stream = Stream;
  Stream.Readable = Readable;
  Stream.Writable = Writable;
  Stream.Duplex = Duplex;
  Stream.Transform = Transform;
  Stream.PassThrough = PassThrough;
  Stream.pipeline = pipeline;
  Stream.finished = finished;
  Stream.promises = streamPromises;
  builtins.stream = Stream;
  builtins['stream/promises'] = streamPromises;

  // ---------------------------------------------------------------- fs streams (on the sync calls)
  // A read stream reads the file when first read and pushes it in `highWaterMark` chunks; a
  // missing file is an 'error' event, as node's asynchronous open makes it.
  fs.ReadStream = function ReadStream(p, opts) {
    if (!(this instanceof fs.ReadStream)) return new fs.ReadStream(p, opts);
    opts = typeof opts === 'string' ? { encoding: opts } : (opts || {});
    Readable.call(this);
    if (opts.encoding) this.setEncoding(opts.encoding);
    this.path = p instanceof URL ? p : String(p);
    this.bytesRead = 0;
    this.pending = true;
    this._start = opts.start === undefined ? 0 : opts.start;
    this._end = opts.end === undefined ? Infinity : opts.end + 1;
    this._chunk = opts.highWaterMark || 65536;
    this._bytes = null;
    var self = this;
    process.nextTick(function () { self._open(); });
  };
  inherit(fs.ReadStream, Readable);
  fs.ReadStream.prototype._open = function () {
    if (this._bytes !== null || this.destroyed) return;
    try { this._bytes = fs.readFileSync(this.path); } catch (e) { this.destroy(e); return; }
    this.pending = false;
    this._at = this._start;
    this.emit('open', 3);
    this.emit('ready');
  };
  fs.ReadStream.prototype._read = function () {
    this._open();
    if (this._bytes === null) return;
    var stop = Math.min(this._end, this._bytes.length);
    while (this._at < stop) {
      var next = Math.min(stop, this._at + this._chunk);
      var piece = this._bytes.subarray(this._at, next);
      this._at = next;
      this.bytesRead += piece.length;
      this.push(Buffer.from(piece));
    }
    this.push(null);
  };
  fs.ReadStream.prototype.close = function (cb) { this.destroy(); if (cb) process.nextTick(cb); };
  // A write stream truncates (or, with flags 'a', appends to) its file when made and appends each
  // chunk: the file calls are the overlay's, so the project is never written to.
  fs.WriteStream = function WriteStream(p, opts) {
    if (!(this instanceof fs.WriteStream)) return new fs.WriteStream(p, opts);
    opts = typeof opts === 'string' ? { encoding: opts } : (opts || {});
    Writable.call(this, opts);
    this.path = p instanceof URL ? p : String(p);
    this.bytesWritten = 0;
    this.pending = false;
    var flags = String(opts.flags || 'w');
    var self = this;
    try {
      if (flags.charAt(0) !== 'a' || !fs.existsSync(this.path)) fs.writeFileSync(this.path, '');
    } catch (e) { process.nextTick(function () { self.destroy(e); }); return; }
    process.nextTick(function () { self.emit('open', 4); self.emit('ready'); });
  };
  inherit(fs.WriteStream, Writable);
  fs.WriteStream.prototype._write = function (chunk, enc, cb) {
    var bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), enc && enc !== 'buffer' ? enc : 'utf8');
    try { fs.appendFileSync(this.path, bytes); } catch (e) { cb(e); return; }
    this.bytesWritten += bytes.length;
    cb();
  };
  fs.WriteStream.prototype.close = function (cb) { this.end(); if (cb) this.once('close', cb); };
  fs.createReadStream = function createReadStream(p, opts) { return new fs.ReadStream(p, opts); };
  fs.createWriteStream = function createWriteStream(p, opts) { return new fs.WriteStream(p, opts); };

  // ---------------------------------------------------------------- readline
  // An interface over a readable stream's lines, as node's: 'line' per line (`\n`, `\r\n` or a
  // lone `\r`), the last unterminated line at the input's end, then 'close'; `question` writes
  // its query to `output` and answers with the next line; `for await` gives the lines.
  function Interface(input, output, completer, terminal) {
    var o = input && typeof input.on === 'function' && !output && !completer ? { input: input } :
      (input && input.input ? input : { input: input, output: output, terminal: terminal });
    EventEmitter.call(this);
    var self = this;
    this.input = o.input;
    this.output = o.output;
    this.terminal = !!o.terminal;
    this.line = '';
    this.closed = false;
    this._prompt = o.prompt === undefined ? '> ' : String(o.prompt);
    this._rest = '';
    this._cr = false;
    this._answers = [];
    if (this.input && typeof this.input.on === 'function') {
      this._onData = function (chunk) { self._feed(String(chunk)); };
      this._onEnd = function () { self._flush(); self.close(); };
      this.input.on('data', this._onData);
      this.input.on('end', this._onEnd);
    }
  }
  inherit(Interface, EventEmitter);
  Interface.prototype._feed = function (text) {
    if (this.closed) return;
    if (this._cr && text.charAt(0) === '\n') text = text.slice(1);
    this._cr = false;
    var parts = (this._rest + text).split(/\r\n|\n|\r/);
    this._cr = /\r$/.test(text);
    this._rest = parts.pop();
    for (var i = 0; i < parts.length && !this.closed; i++) this._line(parts[i]);
  };
  Interface.prototype._flush = function () {
    if (this._rest !== '') { var last = this._rest; this._rest = ''; this._line(last); }
  };
  Interface.prototype._line = function (line) {
    var answer = this._answers.shift();
    if (answer) answer(line);
    else this.emit('line', line);
  };
  Interface.prototype.question = function (query, options, cb) {
    if (typeof options === 'function') cb = options;
    if (this.closed) { var e = new Error('readline was closed'); e.code = 'ERR_USE_AFTER_CLOSE'; throw e; }
    if (this.output && typeof this.output.write === 'function') this.output.write(String(query));
    if (typeof cb === 'function') this._answers.push(cb);
  };
  Interface.prototype.setPrompt = function (p) { this._prompt = String(p); };
  Interface.prototype.getPrompt = function () { return this._prompt; };
  Interface.prototype.prompt = function () {
    if (this.output && typeof this.output.write === 'function') this.output.write(this._prompt);
  };
  // data written to the interface is read as if it came from the input
  Interface.prototype.write = function (data) { if (typeof data === 'string') this._feed(data); };
  Interface.prototype.pause = function () { if (this.input && this.input.pause) this.input.pause(); this.emit('pause'); return this; };
  Interface.prototype.resume = function () { if (this.input && this.input.resume) this.input.resume(); this.emit('resume'); return this; };
  Interface.prototype.close = function () {
    if (this.closed) return;
    this.closed = true;
    if (this.input && typeof this.input.removeListener === 'function') {
      this.input.removeListener('data', this._onData);
      this.input.removeListener('end', this._onEnd);
    }
    this.emit('close');
  };
  Interface.prototype.getCursorPos = function () { return { rows: 0, cols: this.line.length }; };
  Interface.prototype[Symbol.asyncIterator] = function () {
    var self = this, lines = [], waiting = [], done = false;
    this.on('line', function (l) { var w = waiting.shift(); if (w) w({ value: l, done: false }); else lines.push(l); });
    this.on('close', function () { done = true; waiting.splice(0).forEach(function (w) { w({ value: undefined, done: true }); }); });
    return {
      next: function () {
        if (lines.length) return Promise.resolve({ value: lines.shift(), done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise(function (r) { waiting.push(r); });
      },
      return: function () { self.close(); return Promise.resolve({ value: undefined, done: true }); },
      [Symbol.asyncIterator]: function () { return this; }
    };
  };
  // the cursor functions write the control sequences node writes
  function ansi(stream, text, cb) {
    if (!stream || typeof stream.write !== 'function') { if (typeof cb === 'function') process.nextTick(cb, null); return true; }
    return stream.write(text, cb);
  }
  builtins.readline = {
    Interface: Interface,
    createInterface: function (input, output, completer, terminal) { return new Interface(input, output, completer, terminal); },
    clearLine: function (stream, dir, cb) { return ansi(stream, dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K', cb); },
    clearScreenDown: function (stream, cb) { return ansi(stream, '\x1b[0J', cb); },
    cursorTo: function (stream, x, y, cb) {
      if (typeof y === 'function') { cb = y; y = undefined; }
      return ansi(stream, typeof y === 'number' ? '\x1b[' + (y + 1) + ';' + (x + 1) + 'H' : '\x1b[' + (x + 1) + 'G', cb);
    },
    moveCursor: function (stream, dx, dy, cb) {
      var t = '';
      if (dx < 0) t += '\x1b[' + -dx + 'D'; else if (dx > 0) t += '\x1b[' + dx + 'C';
      if (dy < 0) t += '\x1b[' + -dy + 'A'; else if (dy > 0) t += '\x1b[' + dy + 'B';
      return ansi(stream, t, cb);
    },
    emitKeypressEvents: function () {}
  };
  // `readline/promises`: `question` answers with a promise
  builtins['readline/promises'] = {
    Interface: Interface,
    createInterface: function (input, output, completer, terminal) {
      var rl = new Interface(input, output, completer, terminal);
      var ask = rl.question;
      rl.question = function (query) {
        var self = this;
        return new Promise(function (resolve) { ask.call(self, query, resolve); });
      };
      return rl;
    }
  };

  // ---------------------------------------------------------------- small modules
  builtins.tty = {
    isatty: function () { return false; },
    ReadStream: Readable,
    WriteStream: Writable
  };
  var perf = {
    now: function () { return host.hrtimeNs() / 1e6; },
    timeOrigin: 0,
    mark: function () {},
    measure: function () {},
    getEntries: function () { return []; },
    getEntriesByName: function () { return []; },
    clearMarks: function () {},
    clearMeasures: function () {},
    toJSON: function () { return {}; }
  };
  function PerformanceObserver() { this.observe = function () {}; this.disconnect = function () {}; }
  builtins.perf_hooks = { performance: perf, PerformanceObserver: PerformanceObserver };
  // AsyncLocalStorage without async context tracking: the store is set for the synchronous part of
  // run() (and for promises settled before it returns), as far as an engine without hooks goes
  function AsyncLocalStorage() { this._store = undefined; }
  AsyncLocalStorage.prototype.getStore = function () { return this._store; };
  AsyncLocalStorage.prototype.run = function (store, fn) {
    var prev = this._store;
    this._store = store;
    try { return fn.apply(null, Array.prototype.slice.call(arguments, 2)); } finally { this._store = prev; }
  };
  AsyncLocalStorage.prototype.enterWith = function (store) { this._store = store; };
  AsyncLocalStorage.prototype.exit = function (fn) { return this.run(undefined, fn); };
  AsyncLocalStorage.prototype.disable = function () { this._store = undefined; };
  function AsyncResource(type) { this.type = type; }
  AsyncResource.prototype.runInAsyncScope = function (fn, thisArg) { return fn.apply(thisArg, Array.prototype.slice.call(arguments, 2)); };
  AsyncResource.prototype.bind = function (fn) { return fn; };
  AsyncResource.bind = function (fn) { return fn; };
  builtins.async_hooks = {
    AsyncLocalStorage: AsyncLocalStorage,
    AsyncResource: AsyncResource,
    createHook: function () { return { enable: function () { return this; }, disable: function () { return this; } }; },
    executionAsyncId: function () { return 1; },
    triggerAsyncId: function () { return 0; }
  };
  var tag = function (v) { return Object.prototype.toString.call(v).slice(8, -1); };
  builtins['util/types'] = {
    isDate: function (v) { return v instanceof Date; },
    isRegExp: function (v) { return v instanceof RegExp; },
    isMap: function (v) { return v instanceof Map; },
    isSet: function (v) { return v instanceof Set; },
    isWeakMap: function (v) { return v instanceof WeakMap; },
    isWeakSet: function (v) { return v instanceof WeakSet; },
    isPromise: function (v) { return v instanceof Promise; },
    isTypedArray: function (v) { return ArrayBuffer.isView(v) && !(v instanceof DataView); },
    isUint8Array: function (v) { return v instanceof Uint8Array; },
    isArrayBuffer: function (v) { return v instanceof ArrayBuffer; },
    isAnyArrayBuffer: function (v) { return v instanceof ArrayBuffer || tag(v) === 'SharedArrayBuffer'; },
    isDataView: function (v) { return v instanceof DataView; },
    isNativeError: function (v) { return v instanceof Error; },
    isBoxedPrimitive: function (v) { return v !== null && typeof v === 'object' && ['Number', 'String', 'Boolean', 'Symbol', 'BigInt'].indexOf(tag(v)) >= 0; },
    isAsyncFunction: function (v) { return tag(v) === 'AsyncFunction'; },
    isGeneratorFunction: function (v) { return tag(v) === 'GeneratorFunction' || tag(v) === 'AsyncGeneratorFunction'; },
    isGeneratorObject: function (v) { return tag(v) === 'Generator'; },
    isProxy: function () { return false; },
    isArgumentsObject: function (v) { return tag(v) === 'Arguments'; }
  };
  if (builtins.util) builtins.util.types = builtins['util/types'];
  builtins['timers/promises'] = {
    setTimeout: function (ms, value) { return new Promise(function (res) { timers.setTimeout(function () { res(value); }, ms); }); },
    setImmediate: function (value) { return new Promise(function (res) { timers.setImmediate(function () { res(value); }); }); }
  };
  function promisified(f) {
    return function () {
      var args = Array.prototype.slice.call(arguments);
      return new Promise(function (res, rej) { try { res(f.apply(fs, args)); } catch (e) { rej(e); } });
    };
  }
  var FS_CALLS = ['readFile', 'readdir', 'stat', 'lstat', 'access', 'realpath', 'readlink', 'writeFile', 'appendFile',
    'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'rename', 'copyFile', 'chmod', 'utimes'];
  var fsPromises = {};
  FS_CALLS.forEach(function (n) {
    if (typeof fs[n + 'Sync'] === 'function') fsPromises[n] = promisified(fs[n + 'Sync']);
  });
  // the flags and modes node's `fs.constants` has on Linux (one object, also on fs/promises)
  if (!fs.constants) {
    fs.constants = {
      F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4,
      O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024,
      S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384, S_IFLNK: 40960
    };
  }
  fsPromises.constants = fs.constants;
  // node's legacy `constants` module: os.constants' tables and fs.constants in one object
  builtins.constants = (function () {
    var os = builtins.os.constants, all = {};
    [os.dlopen, os.errno, os.priority, os.signals, fs.constants].forEach(function (t) { Object.assign(all, t); });
    return all;
  })();
  builtins['fs/promises'] = fsPromises;
  if (!fs.promises) fs.promises = fsPromises;
  // callback forms of the sync calls
  FS_CALLS.concat(['exists']).forEach(function (n) {
    if (typeof fs[n] === 'function') return;
    var sync = fs[n + 'Sync'];
    if (typeof sync !== 'function') return;
    fs[n] = function () {
      var args = Array.prototype.slice.call(arguments);
      var cb = typeof args[args.length - 1] === 'function' ? args.pop() : function () {};
      var out, err = null;
      try { out = sync.apply(fs, args); } catch (e) { err = e; }
      process.nextTick(function () { if (n === 'exists') cb(!err && out); else cb(err, out); });
    };
  });
  // modules Boa cannot have: host.js's require names them with the requiring file
  Object.defineProperty(builtins, '__unavailable', {
    value: ['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'cluster', 'inspector', 'repl'],
    enumerable: false
  });
  // modules a program often loads but calls only in some tests (a CLI's `spawn`): they load, and
  // each function throws when called, naming itself
  function unusable(name, fns, values, lacks) {
    var m = values;
    fns.forEach(function (f) {
      m[f] = function () {
        var e = new Error('decisionprof: ' + name + '.' + f + ' is not available in the embedded engine: ' + (lacks || 'no processes or threads in Boa') + '; ' +
          'profile under node with --engine node, or leave the tests that need it out of the workload');
        e.code = 'ERR_DECISIONPROF_BUILTIN';
        throw e;
      };
    });
    return m;
  }
  builtins.child_process = unusable('child_process',
    ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork', 'ChildProcess'], {});
  // vm: code runs in this realm (`runInThisContext`, `Script`); a new context is not available
  builtins.vm = (function () {
    var m = unusable('vm', ['createContext', 'runInContext', 'runInNewContext', 'compileFunction', 'measureMemory'], {}, 'no second realm in Boa');
    function runHere(code) { return (0, globalThis.eval)(String(code)); }
    function Script(code) {
      if (!(this instanceof Script)) throw new TypeError("Class constructor Script cannot be invoked without 'new'");
      this.code = String(code);
    }
    Script.prototype.runInThisContext = function () { return runHere(this.code); };
    Script.prototype.runInContext = Script.prototype.runInNewContext = function () { return m.runInContext(); };
    Script.prototype.createCachedData = function () { return Buffer.alloc(0); };
    m.Script = Script;
    m.runInThisContext = runHere;
    m.isContext = function () { return false; };
    return m;
  })();
  builtins.worker_threads = unusable('worker_threads',
    ['Worker', 'MessageChannel', 'MessagePort', 'BroadcastChannel', 'receiveMessageOnPort'],
    { isMainThread: true, parentPort: null, workerData: null, threadId: 0, resourceLimits: {} });

  // ---------------------------------------------------------------- web globals
  function TextEncoder() {}
  TextEncoder.prototype.encoding = 'utf-8';
  TextEncoder.prototype.encode = function (s) { var b = Buffer.from(String(s === undefined ? '' : s), 'utf8'); return new Uint8Array(b.buffer, b.byteOffset, b.length); };
  TextEncoder.prototype.encodeInto = function (s, dest) { var b = this.encode(s); var n = Math.min(b.length, dest.length); dest.set(b.subarray(0, n)); return { read: String(s).length, written: n }; };
  function TextDecoder(enc, opts) { this.encoding = String(enc || 'utf-8').toLowerCase(); this.fatal = !!(opts && opts.fatal); this.ignoreBOM = !!(opts && opts.ignoreBOM); }
  TextDecoder.prototype.decode = function (input) {
    if (input === undefined) return '';
    var b = input instanceof ArrayBuffer ? Buffer.from(input) : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    var s = b.toString(this.encoding === 'utf-16le' ? 'utf16le' : this.encoding === 'latin1' ? 'latin1' : 'utf8');
    return !this.ignoreBOM && s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
  };
  function Event(type, init) { this.type = String(type); this.defaultPrevented = false; this.cancelable = !!(init && init.cancelable); this.timeStamp = 0; }
  Event.prototype.preventDefault = function () { if (this.cancelable) this.defaultPrevented = true; };
  Event.prototype.stopPropagation = function () {};
  Event.prototype.stopImmediatePropagation = function () { this._stop = true; };
  // listeners per type in a Map (insertion order, a listener once): adding and removing one is
  // constant time, as thousands of `AbortSignal` listeners need
  function EventTarget() { this._listeners = Object.create(null); }
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    if (!fn) return;
    var l = this._listeners[type] = this._listeners[type] || new Map();
    if (!l.has(fn)) l.set(fn, { fn: fn, once: !!(opts && opts.once) });
  };
  EventTarget.prototype.removeEventListener = function (type, fn) {
    var l = this._listeners[type];
    if (l) l.delete(fn);
  };
  function listenersOf(target, type) {
    var l = target._listeners[type];
    return l ? Array.from(l.values()) : [];
  }
  EventTarget.prototype.dispatchEvent = function (ev) {
    var self = this;
    var l = listenersOf(this, ev.type);
    if (typeof this['on' + ev.type] === 'function') this['on' + ev.type].call(this, ev);
    l.forEach(function (x) {
      if (ev._stop) return;
      if (x.once) self.removeEventListener(ev.type, x.fn);
      if (typeof x.fn === 'function') x.fn.call(self, ev); else x.fn.handleEvent(ev);
    });
    return !ev.defaultPrevented;
  };
  // events.getEventListeners: an emitter's listeners or an EventTarget's
  EventEmitter.getEventListeners = function (target, type) {
    if (target instanceof EventTarget) return listenersOf(target, type).map(function (x) { return x.fn; });
    return target.listeners(type);
  };
  if (typeof EventEmitter.setMaxListeners !== 'function') {
    EventEmitter.setMaxListeners = function (n) {
      var targets = Array.prototype.slice.call(arguments, 1);
      if (!targets.length) EventEmitter.defaultMaxListeners = n;
      targets.forEach(function (t) { if (typeof t.setMaxListeners === 'function') t.setMaxListeners(n); });
    };
  }
  function AbortSignal() { EventTarget.call(this); this.aborted = false; this.reason = undefined; this.onabort = null; }
  AbortSignal.prototype = Object.create(EventTarget.prototype, { constructor: { value: AbortSignal } });
  AbortSignal.prototype.throwIfAborted = function () { if (this.aborted) throw this.reason; };
  function abortError(reason) {
    if (reason !== undefined) return reason;
    var e = new Error('This operation was aborted');
    e.name = 'AbortError';
    e.code = 20;
    return e;
  }
  AbortSignal.abort = function (reason) { var s = new AbortSignal(); s.aborted = true; s.reason = abortError(reason); return s; };
  AbortSignal.timeout = function (ms) {
    var c = new AbortController();
    timers.setTimeout(function () { var e = new Error('The operation was aborted due to timeout'); e.name = 'TimeoutError'; c.abort(e); }, ms);
    return c.signal;
  };
  function AbortController() { this.signal = new AbortSignal(); }
  AbortController.prototype.abort = function (reason) {
    var s = this.signal;
    if (s.aborted) return;
    s.aborted = true;
    s.reason = abortError(reason);
    s.dispatchEvent(new Event('abort'));
  };
  var B64 = /^[A-Za-z0-9+/]*={0,2}$/;
  var globals = {
    URL: URL,
    URLSearchParams: URLSearchParams,
    TextEncoder: TextEncoder,
    TextDecoder: TextDecoder,
    Event: Event,
    EventTarget: EventTarget,
    AbortController: AbortController,
    AbortSignal: AbortSignal,
    performance: perf,
    crypto: webcrypto,
    atob: function (s) {
      s = String(s).replace(/[\t\n\f\r ]/g, '');
      if (!B64.test(s)) { var e = new Error('The string to be decoded is not correctly encoded.'); e.name = 'InvalidCharacterError'; throw e; }
      return Buffer.from(s, 'base64').toString('latin1');
    },
    btoa: function (s) {
      s = String(s);
      for (var i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) { var e = new Error('Invalid character'); e.name = 'InvalidCharacterError'; throw e; }
      return Buffer.from(s, 'latin1').toString('base64');
    },
    fetch: function () { return Promise.reject(new Error('fetch is not available in the embedded engine (no network in Boa)')); }
  };
  Object.keys(globals).forEach(function (k) { if (globalThis[k] === undefined) defineGlobal(k, globals[k]); });
});
