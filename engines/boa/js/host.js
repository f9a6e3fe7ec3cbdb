// decisionprof host prelude for Boa: CommonJS loader, the Node built-ins libraries and their tests
// use, console, process, timers and the event loop. Evaluated once as a function expression and
// called with (host, dp): `host` holds the native functions of the Rust side, `dp` is the `__dp`
// runtime object handed to every module as a wrapper parameter. Returns the driver API.
(function (host, dp) {
  'use strict';
  var G = globalThis;
  var hasOwn = Object.prototype.hasOwnProperty;
  // This prelude is not instrumented: its state-changing built-ins (the event emitter) log the
  // objects they are about to change while a check or a speculation runs, so they can be undone.
  // `fn` such that an exception escaping it closes the decisions and checks it left open (the
  // assertion catching it is not instrumented): the harness's `unwound`, installed after this prelude
  function unwound(fn) {
    var h = globalThis.__dpHarness;
    return h && h.unwound ? h.unwound(fn) : fn;
  }
  function touch(o) {
    if (dp.on && o !== null && typeof o === 'object') host.touch(o);
  }
  function touchEmitter(t) {
    if (!dp.on) return;
    touch(t);
    var events = t._events;
    if (events === undefined || events === null) return;
    touch(events);
    for (var k in events) if (Array.isArray(events[k])) touch(events[k]);
  }

  // ---------------------------------------------------------------- path (posix)
  function normalizeArray(parts, allowAbove) {
    var res = [];
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i];
      if (!p || p === '.') continue;
      if (p === '..') {
        if (res.length && res[res.length - 1] !== '..') res.pop();
        else if (allowAbove) res.push('..');
      } else res.push(p);
    }
    return res;
  }
  var path = {
    sep: '/',
    delimiter: ':',
    isAbsolute: function (p) { return String(p).charAt(0) === '/'; },
    normalize: function (p) {
      p = String(p);
      if (p === '') return '.';
      var abs = p.charAt(0) === '/';
      var trail = p.charAt(p.length - 1) === '/';
      var out = normalizeArray(p.split('/'), !abs).join('/');
      if (!out && !abs) out = '.';
      if (out && trail) out += '/';
      return (abs ? '/' : '') + out;
    },
    join: function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) {
        if (typeof arguments[i] !== 'string') throw new TypeError('The "path" argument must be of type string');
        if (arguments[i]) parts.push(arguments[i]);
      }
      return parts.length ? path.normalize(parts.join('/')) : '.';
    },
    resolve: function () {
      var resolved = '';
      var abs = false;
      for (var i = arguments.length - 1; i >= -1 && !abs; i--) {
        var p = i >= 0 ? arguments[i] : process.cwd();
        if (typeof p !== 'string') throw new TypeError('The "path" argument must be of type string');
        if (!p) continue;
        resolved = p + '/' + resolved;
        abs = p.charAt(0) === '/';
      }
      var out = normalizeArray(resolved.split('/'), !abs).join('/');
      return ((abs ? '/' : '') + out) || '.';
    },
    dirname: function (p) {
      p = String(p);
      if (!p) return '.';
      while (p.length > 1 && p.charAt(p.length - 1) === '/') p = p.slice(0, -1);
      var i = p.lastIndexOf('/');
      if (i < 0) return '.';
      if (i === 0) return '/';
      return p.slice(0, i);
    },
    basename: function (p, ext) {
      p = String(p);
      while (p.length > 1 && p.charAt(p.length - 1) === '/') p = p.slice(0, -1);
      var b = p.slice(p.lastIndexOf('/') + 1);
      if (ext && b.length > ext.length && b.slice(b.length - ext.length) === ext) b = b.slice(0, b.length - ext.length);
      return b;
    },
    extname: function (p) {
      var b = path.basename(p);
      var i = b.lastIndexOf('.');
      if (i <= 0) return '';
      return b.slice(i);
    },
    relative: function (from, to) {
      var f = path.resolve(from).split('/').filter(Boolean);
      var t = path.resolve(to).split('/').filter(Boolean);
      var i = 0;
      while (i < f.length && i < t.length && f[i] === t[i]) i++;
      var up = [];
      for (var j = i; j < f.length; j++) up.push('..');
      return up.concat(t.slice(i)).join('/');
    },
    parse: function (p) {
      var root = path.isAbsolute(p) ? '/' : '';
      var base = path.basename(p);
      var ext = path.extname(p);
      var dir = path.dirname(p);
      return { root: root, dir: dir === '.' && !p.includes('/') ? '' : dir, base: base, ext: ext, name: ext ? base.slice(0, base.length - ext.length) : base };
    },
    format: function (o) {
      var dir = o.dir || o.root || '';
      var base = o.base || ((o.name || '') + (o.ext || ''));
      return dir ? (dir === o.root ? dir + base : dir + '/' + base) : base;
    },
    toNamespacedPath: function (p) { return p; }
  };
  path.posix = path;
  // Windows paths, for code that tests for them (`p === path.win32.sep`, a drive's prefix): both
  // separators, a drive letter or a leading separator makes a path absolute
  path.win32 = (function () {
    var w = { sep: '\\', delimiter: ';' };
    function split(p) {
      var m = /^([A-Za-z]:)?(.*)$/.exec(String(p));
      return { drive: m[1] || '', rest: m[2] };
    }
    w.isAbsolute = function (p) { return /^([A-Za-z]:)?[\\/]/.test(String(p)); };
    w.normalize = function (p) {
      var d = split(p);
      var lead = /^[\\/]/.test(d.rest);
      var out = [];
      d.rest.split(/[\\/]+/).forEach(function (seg) {
        if (seg === '' || seg === '.') return;
        if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
        else if (seg !== '..' || !lead) out.push(seg);
      });
      var body = out.join('\\');
      var trail = /[\\/]$/.test(d.rest) && body ? '\\' : '';
      return d.drive + (lead ? '\\' : '') + (body || (lead ? '' : '.')) + trail;
    };
    w.join = function () {
      var parts = Array.prototype.filter.call(arguments, function (a) { return String(a) !== ''; });
      return parts.length ? w.normalize(parts.join('\\')) : '.';
    };
    w.basename = function (p, ext) {
      var b = split(p).rest.replace(/[\\/]+$/, '').split(/[\\/]/).pop();
      return ext && b.endsWith(ext) && b !== ext ? b.slice(0, -ext.length) : b;
    };
    w.dirname = function (p) {
      var d = split(p);
      var rest = d.rest.replace(/[\\/]+$/, '');
      var i = Math.max(rest.lastIndexOf('\\'), rest.lastIndexOf('/'));
      if (i < 0) return d.drive ? d.drive + (/^[\\/]/.test(d.rest) ? '\\' : '') : '.';
      return d.drive + (i === 0 ? rest.charAt(0) : rest.slice(0, i));
    };
    w.extname = function (p) { return path.extname(w.basename(p)); };
    w.toNamespacedPath = function (p) { return p; };
    w.win32 = w;
    w.posix = path;
    return w;
  })();
  path.posix.win32 = path.win32;

  // ---------------------------------------------------------------- util.inspect / format
  var IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  function quoteString(s) {
    var q = "'";
    if (s.indexOf("'") >= 0) {
      if (s.indexOf('"') < 0) q = '"';
      else if (s.indexOf('`') < 0 && s.indexOf('${') < 0) q = '`';
    }
    var out = '';
    for (var i = 0; i < s.length; i++) {
      var c = s.charAt(i);
      var code = s.charCodeAt(i);
      if (c === q || c === '\\') out += '\\' + c;
      else if (c === '\n') out += '\\n';
      else if (c === '\t') out += '\\t';
      else if (c === '\r') out += '\\r';
      else if (c === '\b') out += '\\b';
      else if (c === '\f') out += '\\f';
      else if (c === '\v') out += '\\v';
      else if (code < 0x20 || code === 0x7f) out += '\\x' + (code < 16 ? '0' : '') + code.toString(16).toUpperCase();
      else out += c;
    }
    return q + out + q;
  }
  function formatNumber(n) {
    if (n === 0 && 1 / n < 0) return '-0';
    return String(n);
  }
  function formatKey(k) {
    if (typeof k === 'symbol') return '[' + k.toString() + ']';
    if (IDENT.test(k)) return k;
    return quoteString(k);
  }
  function fnName(f) {
    var n = f.name;
    return typeof n === 'string' ? n : '';
  }
  function isClass(f) {
    var src;
    try { src = Function.prototype.toString.call(f); } catch (e) { return false; }
    if (/^class[\s{]/.test(src)) return true;
    // Boa prints classes as native code; a class's `prototype` is read-only, an ordinary function's is not.
    if (src.indexOf('[native code]') < 0) return false;
    var d = Object.getOwnPropertyDescriptor(f, 'prototype');
    if (!d || d.writable !== false) return false;
    return !(typeof f.name === 'string' && G[f.name] === f);
  }
  function constructorName(o) {
    var p = o;
    while (p) {
      var d = Object.getOwnPropertyDescriptor(p, 'constructor');
      if (d && typeof d.value === 'function' && d.value.name !== '') return d.value.name;
      p = Object.getPrototypeOf(p);
    }
    return null;
  }
  function isBelowBreakLength(ctx, output, start, base) {
    var total = output.length + start;
    if (total + output.length > ctx.breakLength) return false;
    for (var i = 0; i < output.length; i++) {
      total += output[i].length;
      if (total > ctx.breakLength) return false;
    }
    return base === '' || base.indexOf('\n') < 0;
  }
  function reduceToSingleString(ctx, output, base, braces, isArrayLike, recurseTimes, value) {
    var entries = output.length;
    if (isArrayLike && entries > 6) output = groupArrayElements(ctx, output, value);
    if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
      var start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
      if (isBelowBreakLength(ctx, output, start, base)) {
        var joined = output.join(', ');
        if (joined.indexOf('\n') < 0) {
          return (base ? base + ' ' : '') + braces[0] + ' ' + joined + ' ' + braces[1];
        }
      }
    }
    var ind = '\n' + ' '.repeat(ctx.indentationLvl);
    return (base ? base + ' ' : '') + braces[0] + ind + '  ' + output.join(',' + ind + '  ') + ind + braces[1];
  }
  function groupArrayElements(ctx, output, value) {
    var totalLength = 0;
    var maxLength = 0;
    var i = 0;
    var outputLength = output.length;
    if (ctx.extra > 0) outputLength--;
    var separatorSpace = 2;
    var dataLen = new Array(outputLength);
    for (; i < outputLength; i++) {
      var len = output[i].length;
      dataLen[i] = len;
      totalLength += len + separatorSpace;
      if (maxLength < len) maxLength = len;
    }
    var actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
        (totalLength / actualMax > 5 || maxLength <= 6)) {
      var approxCharHeights = 2.5;
      var averageBias = Math.sqrt(actualMax - totalLength / output.length);
      var biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      var columns = Math.min(
        Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
        Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
        ctx.compact * 4,
        15
      );
      if (columns <= 1) return output;
      var tmp = [];
      var maxLineLength = [];
      for (var c = 0; c < columns; c++) {
        var lineLength = 0;
        for (var j = c; j < output.length; j += columns) {
          if (dataLen[j] > lineLength) lineLength = dataLen[j];
        }
        maxLineLength.push(lineLength + separatorSpace);
      }
      var numeric = true;
      if (value !== undefined) {
        for (var q = 0; q < output.length; q++) {
          if (typeof value[q] !== 'number' && typeof value[q] !== 'bigint') { numeric = false; break; }
        }
      }
      for (var r = 0; r < outputLength; r += columns) {
        var max = Math.min(r + columns, outputLength);
        var str = '';
        var k = r;
        for (; k < max - 1; k++) {
          var padding = maxLineLength[k - r] + output[k].length - dataLen[k];
          str += numeric ? (output[k] + ', ').padStart(padding, ' ') : (output[k] + ', ').padEnd(padding, ' ');
        }
        if (numeric) {
          var pad2 = maxLineLength[k - r] + output[k].length - dataLen[k] - separatorSpace;
          str += output[k].padStart(pad2, ' ');
        } else {
          str += output[k];
        }
        tmp.push(str);
      }
      if (ctx.extra > 0) tmp.push(output[outputLength]);
      output = tmp;
    }
    return output;
  }
  function formatValue(ctx, v, recurseTimes, inProp) {
    switch (typeof v) {
      case 'string': return inProp === 0 ? v : quoteString(v);
      case 'number': return formatNumber(v);
      case 'bigint': return String(v) + 'n';
      case 'boolean': return String(v);
      case 'undefined': return 'undefined';
      case 'symbol': return v.toString();
    }
    if (v === null) return 'null';
    // an object's own `[util.inspect.custom](depth, options, inspect)`, as node calls it
    var custom = v[inspect.custom];
    if (typeof custom === 'function' && custom !== inspect && !(v.constructor && v.constructor.prototype === v)) {
      var depth = ctx.depth === Infinity ? null : ctx.depth - recurseTimes;
      var shown = custom.call(v, depth, { depth: depth, breakLength: ctx.breakLength, compact: ctx.compact, stylize: function (s) { return s; } }, inspect);
      if (shown !== v) return typeof shown === 'string' ? shown : formatValue(ctx, shown, recurseTimes);
    }
    if (ctx.seen.indexOf(v) >= 0) {
      var idx = ctx.circular.indexOf(v);
      if (idx < 0) { ctx.circular.push(v); idx = ctx.circular.length - 1; }
      return '[Circular *' + (idx + 1) + ']';
    }
    return formatRaw(ctx, v, recurseTimes);
  }
  function formatRaw(ctx, v, recurseTimes) {
    var keys;
    var braces;
    var base = '';
    var output = [];
    var isArr = Array.isArray(v);
    var arrayLike = false;
    var ctor = constructorName(v);
    var proto = Object.getPrototypeOf(v);
    var prefix = '';
    var extraKeys = function (k) { return true; };
    if (typeof v === 'function') {
      var n = fnName(v);
      var kind = isClass(v) ? 'class' : (Object.prototype.toString.call(v) === '[object AsyncFunction]' ? 'AsyncFunction' : (Object.prototype.toString.call(v) === '[object GeneratorFunction]' ? 'GeneratorFunction' : 'Function'));
      if (kind === 'class') base = '[class ' + (n || '(anonymous)') + ']';
      else base = '[' + kind + (n ? ': ' + n : ' (anonymous)') + ']';
      if (proto === null) base = '[' + kind + ' (null prototype)' + (n ? ': ' + n : '') + ']';
      keys = Object.keys(v).filter(function (k) { return k !== 'prototype'; });
      if (keys.length === 0) return base;
      braces = ['{', '}'];
    } else if (isArr) {
      prefix = (ctor === 'Array' || ctor === null) ? (ctor === null ? '[Array(' + v.length + '): null prototype] ' : '') : ctor + '(' + v.length + ') ';
      braces = [prefix + '[', ']'];
      arrayLike = true;
      keys = Object.keys(v).filter(function (k) { return !/^(0|[1-9][0-9]*)$/.test(k) || Number(k) >= v.length; });
      if (v.length === 0 && keys.length === 0) return braces[0] + ']';
    } else if (v instanceof Buffer) {
      var hx = [];
      for (var bi = 0; bi < Math.min(v.length, 50); bi++) hx.push((v[bi] < 16 ? '0' : '') + v[bi].toString(16));
      return '<Buffer' + (hx.length ? ' ' + hx.join(' ') : '') + (v.length > 50 ? ' ... ' + (v.length - 50) + ' more bytes' : '') + '>';
    } else if (v instanceof Map) {
      prefix = (ctor === 'Map' ? 'Map' : ctor) + '(' + v.size + ') ';
      braces = [prefix + '{', '}'];
      keys = Object.keys(v);
      if (v.size === 0 && keys.length === 0) return braces[0] + '}';
    } else if (v instanceof Set) {
      prefix = (ctor === 'Set' ? 'Set' : ctor) + '(' + v.size + ') ';
      braces = [prefix + '{', '}'];
      arrayLike = true;
      keys = Object.keys(v);
      if (v.size === 0 && keys.length === 0) return braces[0] + '}';
    } else if (v instanceof Date) {
      base = isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
      keys = Object.keys(v);
      if (keys.length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof RegExp) {
      base = RegExp.prototype.toString.call(v);
      keys = Object.keys(v).filter(function (k) { return k !== 'lastIndex'; });
      if (keys.length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof Error) {
      base = v.stack ? String(v.stack) : Error.prototype.toString.call(v);
      if (base.indexOf('\n    at') < 0) base = '[' + base + ']';
      keys = Object.keys(v).filter(function (k) { return k !== 'stack' && k !== 'message'; });
      if (keys.length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof Promise) {
      braces = ['Promise {', '}'];
      keys = Object.keys(v);
      output.push('<unknown>');
    } else if (typeof v === 'object' && (v instanceof Number || v instanceof String || v instanceof Boolean)) {
      var t = v instanceof Number ? 'Number' : v instanceof String ? 'String' : 'Boolean';
      base = '[' + t + ': ' + formatValue(ctx, v.valueOf(), recurseTimes) + ']';
      keys = Object.keys(v);
      if (v instanceof String) keys = keys.filter(function (k) { return !/^(0|[1-9][0-9]*)$/.test(k); });
      if (keys.length === 0) return base;
      braces = ['{', '}'];
    } else {
      var tag = v[Symbol.toStringTag];
      if (proto === null) prefix = '[Object: null prototype] ';
      else if (ctor && ctor !== 'Object') prefix = ctor + ' ';
      else if (!ctor) prefix = '[Object: null prototype] ';
      if (typeof tag === 'string' && tag !== '' && tag !== ctor) prefix = (prefix || 'Object ') + '[' + tag + '] ';
      if (ctor === 'Object' && Object.prototype.toString.call(v) === '[object Arguments]') prefix = '[Arguments] ';
      keys = Object.keys(v);
      var syms = Object.getOwnPropertySymbols(v).filter(function (s) { return Object.getOwnPropertyDescriptor(v, s).enumerable; });
      keys = keys.concat(syms);
      braces = [prefix + '{', '}'];
      if (prefix === '[Arguments] ') { braces = ['[Arguments] [', ']']; arrayLike = true; keys = []; }
      if (keys.length === 0 && !arrayLike) return prefix + '{}';
    }
    if (recurseTimes > ctx.depth) {
      if (isArr) return '[Array]';
      var cn = ctor || 'Object';
      if (proto === null) cn = 'Object: null prototype';
      return '[' + cn + ']';
    }
    recurseTimes += 1;
    ctx.seen.push(v);
    ctx.currentDepth = recurseTimes;
    var i;
    var extra = 0;
    if (isArr || prefix === '[Arguments] ') {
      var len = v.length;
      var limit = Math.min(len, 100);
      var holes = 0;
      for (i = 0; i < limit; i++) {
        if (!hasOwn.call(v, i)) { holes++; continue; }
        if (holes) { output.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>'); holes = 0; }
        output.push(formatValue(ctx, v[i], recurseTimes, 1));
      }
      if (holes) output.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>');
      if (len > limit) { output.push('... ' + (len - limit) + ' more item' + (len - limit > 1 ? 's' : '')); extra = 1; }
    } else if (v instanceof Map) {
      ctx.indentationLvl += 2;
      v.forEach(function (val, k) {
        output.push(formatValue(ctx, k, recurseTimes, 1) + ' => ' + formatValue(ctx, val, recurseTimes, 1));
      });
      ctx.indentationLvl -= 2;
    } else if (v instanceof Set) {
      ctx.indentationLvl += 2;
      v.forEach(function (val) { output.push(formatValue(ctx, val, recurseTimes, 1)); });
      ctx.indentationLvl -= 2;
    }
    for (i = 0; i < keys.length; i++) {
      output.push(formatProperty(ctx, v, recurseTimes, keys[i]));
    }
    ctx.seen.pop();
    var saveExtra = ctx.extra;
    ctx.extra = extra;
    var res = reduceToSingleString(ctx, output, base, braces, arrayLike && (isArr || v instanceof Set || prefix === '[Arguments] ') , recurseTimes, isArr ? v : undefined);
    ctx.extra = saveExtra;
    var ci = ctx.circular.indexOf(v);
    if (ci >= 0) res = '<ref *' + (ci + 1) + '> ' + res;
    return res;
  }
  function formatProperty(ctx, v, recurseTimes, key) {
    var desc = Object.getOwnPropertyDescriptor(v, key) || { value: v[key], enumerable: true };
    var str;
    if (desc.value !== undefined || !('get' in desc || 'set' in desc)) {
      ctx.indentationLvl += 2;
      str = formatValue(ctx, desc.value, recurseTimes, 1);
      ctx.indentationLvl -= 2;
    } else if (desc.get !== undefined) {
      str = desc.set !== undefined ? '[Getter/Setter]' : '[Getter]';
    } else {
      str = desc.set !== undefined ? '[Setter]' : 'undefined';
    }
    return formatKey(key) + ': ' + str;
  }
  function inspect(v, opts) {
    var ctx = { seen: [], circular: [], depth: 2, breakLength: 80, compact: 3, indentationLvl: 0, currentDepth: 0, extra: 0 };
    if (opts && typeof opts === 'object') {
      if (opts.depth === null) ctx.depth = Infinity;
      else if (typeof opts.depth === 'number') ctx.depth = opts.depth;
      if (typeof opts.breakLength === 'number') ctx.breakLength = opts.breakLength;
    }
    return formatValue(ctx, v, 0);
  }
  inspect.custom = Symbol.for('nodejs.util.inspect.custom');
  function format(f) {
    var args = arguments;
    var out = '';
    var ai = 1;
    if (typeof f === 'string') {
      var i = 0;
      var last = 0;
      for (i = 0; i < f.length - 1; i++) {
        if (f.charCodeAt(i) !== 37) continue;
        var c = f.charAt(i + 1);
        if (c === '%') { out += f.slice(last, i) + '%'; last = i + 2; i++; continue; }
        if (ai >= args.length) continue;
        var rep;
        switch (c) {
          case 's': {
            var a = args[ai];
            if (typeof a === 'number') rep = formatNumber(a);
            else if (typeof a === 'bigint') rep = String(a) + 'n';
            else if (typeof a === 'object' && a !== null) rep = inspect(a, { depth: 0 });
            else rep = String(a);
            break;
          }
          case 'd': case 'i': {
            var a2 = args[ai];
            if (typeof a2 === 'bigint') rep = String(a2) + 'n';
            else if (typeof a2 === 'symbol') rep = 'NaN';
            else { var num = Number(a2); rep = formatNumber(c === 'i' ? Math.trunc(num) : num); }
            break;
          }
          case 'f': rep = typeof args[ai] === 'symbol' ? 'NaN' : formatNumber(parseFloat(args[ai])); break;
          case 'j': try { rep = JSON.stringify(args[ai]); } catch (e) { rep = '[Circular]'; } break;
          case 'o': rep = inspect(args[ai], { depth: 4 }); break;
          case 'O': rep = inspect(args[ai]); break;
          case 'c': rep = ''; break;
          default: continue;
        }
        out += f.slice(last, i) + rep;
        last = i + 2;
        i++;
        ai++;
      }
      out += f.slice(last);
    } else {
      ai = 0;
    }
    for (; ai < args.length; ai++) {
      var x = args[ai];
      if (out !== '' || (ai > 0 && typeof f === 'string') || ai > 0) out += ' ';
      out += typeof x === 'string' ? x : inspect(x);
    }
    return out;
  }

  // ---------------------------------------------------------------- deep equality
  function isDeepEqual(a, b, strict, memo) {
    if (strict ? Object.is(a, b) : (a == b || (a !== a && b !== b))) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
      if (!strict && (typeof a !== 'object' || a === null) && (typeof b !== 'object' || b === null)) return a == b;
      return false;
    }
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    var ta = Object.prototype.toString.call(a);
    if (ta !== Object.prototype.toString.call(b)) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date) { if (a.getTime() !== b.getTime()) return false; }
    else if (a instanceof RegExp) { if (String(a) !== String(b) || a.lastIndex !== b.lastIndex) return false; }
    else if (a instanceof Error) { if (a.message !== b.message || a.name !== b.name) return false; }
    else if (typeof a.valueOf === 'function' && (a instanceof Number || a instanceof String || a instanceof Boolean)) {
      if (!Object.is(a.valueOf(), b.valueOf())) return false;
    }
    memo = memo || { a: [], b: [] };
    for (var m = 0; m < memo.a.length; m++) if (memo.a[m] === a && memo.b[m] === b) return true;
    memo.a.push(a); memo.b.push(b);
    try {
      if (Array.isArray(a) && a.length !== b.length) return false;
      var ka = Object.keys(a), kb = Object.keys(b);
      if (ka.length !== kb.length) return false;
      for (var i = 0; i < ka.length; i++) {
        if (!hasOwn.call(b, ka[i])) return false;
        if (!isDeepEqual(a[ka[i]], b[ka[i]], strict, memo)) return false;
      }
      if (strict) {
        var sa = Object.getOwnPropertySymbols(a).filter(function (s) { return Object.prototype.propertyIsEnumerable.call(a, s); });
        var sb = Object.getOwnPropertySymbols(b).filter(function (s) { return Object.prototype.propertyIsEnumerable.call(b, s); });
        if (sa.length !== sb.length) return false;
        for (var s = 0; s < sa.length; s++) if (!isDeepEqual(a[sa[s]], b[sa[s]], strict, memo)) return false;
      }
      if (a instanceof Map) {
        if (a.size !== b.size) return false;
        var okM = true;
        a.forEach(function (v, k) {
          if (!okM) return;
          if (b.has(k)) { if (!isDeepEqual(v, b.get(k), strict, memo)) okM = false; return; }
          var found = false;
          b.forEach(function (v2, k2) { if (!found && typeof k === 'object' && isDeepEqual(k, k2, strict, memo) && isDeepEqual(v, v2, strict, memo)) found = true; });
          if (!found) okM = false;
        });
        if (!okM) return false;
      } else if (a instanceof Set) {
        if (a.size !== b.size) return false;
        var okS = true;
        a.forEach(function (v) {
          if (!okS || b.has(v)) return;
          var found = false;
          b.forEach(function (v2) { if (!found && typeof v === 'object' && isDeepEqual(v, v2, strict, memo)) found = true; });
          if (!found) okS = false;
        });
        if (!okS) return false;
      }
      return true;
    } finally {
      memo.a.pop(); memo.b.pop();
    }
  }

  // ---------------------------------------------------------------- assert
  class AssertionError extends Error {
    constructor(options) {
      options = options || {};
      var msg = options.message;
      if (msg === undefined) {
        msg = inspect(options.actual) + ' ' + (options.operator || '==') + ' ' + inspect(options.expected);
        options.generatedMessage = true;
      }
      super(String(msg));
      this.generatedMessage = !!options.generatedMessage;
      this.code = 'ERR_ASSERTION';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
    }
  }
  Object.defineProperty(AssertionError.prototype, 'name', { value: 'AssertionError', writable: true, configurable: true });
  function failWith(actual, expected, message, operator, defMsg) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ actual: actual, expected: expected, operator: operator, message: message !== undefined ? message : defMsg });
  }
  function matchesError(err, expected, message) {
    if (expected === undefined) return true;
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && err instanceof expected) return true;
      if (Error.isPrototypeOf && Error.isPrototypeOf(expected)) return false;
      if (expected === Error) return false;
      return expected.call({}, err) === true;
    }
    if (expected instanceof RegExp) return expected.test(String(err));
    if (typeof expected === 'object' && expected !== null) {
      var ks = Object.keys(expected);
      for (var i = 0; i < ks.length; i++) {
        var e = expected[ks[i]];
        var a = err == null ? undefined : err[ks[i]];
        if (e instanceof RegExp && typeof a === 'string') { if (!e.test(a)) return false; }
        else if (!isDeepEqual(a, e, true)) return false;
      }
      return true;
    }
    return true;
  }
  function makeAssert(strict) {
    function assert(v, message) { if (!v) failWith(v, true, message, '==', arguments.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  assert(' + inspect(v) + ')\n'); }
    assert.ok = function ok(v, message) { if (!v) failWith(v, true, message, '==', arguments.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  assert.ok(' + inspect(v) + ')\n'); };
    assert.AssertionError = AssertionError;
    assert.fail = function fail(message) {
      if (message instanceof Error) throw message;
      throw new AssertionError({ message: message === undefined ? 'Failed' : message, operator: 'fail' });
    };
    assert.equal = strict ? strictEqual : function equal(a, b, m) { if (!(a == b || (a !== a && b !== b))) failWith(a, b, m, '=='); };
    assert.notEqual = strict ? notStrictEqual : function notEqual(a, b, m) { if (a == b || (a !== a && b !== b)) failWith(a, b, m, '!='); };
    function strictEqual(a, b, m) { if (!Object.is(a, b)) failWith(a, b, m, 'strictEqual', 'Expected values to be strictly equal:\n\n' + inspect(a) + ' !== ' + inspect(b) + '\n'); }
    function notStrictEqual(a, b, m) { if (Object.is(a, b)) failWith(a, b, m, 'notStrictEqual', 'Expected "actual" to be strictly unequal to: ' + inspect(b)); }
    assert.strictEqual = strictEqual;
    assert.notStrictEqual = notStrictEqual;
    function deepStrictEqual(a, b, m) { if (!isDeepEqual(a, b, true)) failWith(a, b, m, 'deepStrictEqual', 'Expected values to be strictly deep-equal:\n' + inspect(a) + '\n\nshould equal\n\n' + inspect(b)); }
    function notDeepStrictEqual(a, b, m) { if (isDeepEqual(a, b, true)) failWith(a, b, m, 'notDeepStrictEqual', 'Expected "actual" not to be strictly deep-equal to: ' + inspect(b)); }
    assert.deepEqual = strict ? deepStrictEqual : function deepEqual(a, b, m) { if (!isDeepEqual(a, b, false)) failWith(a, b, m, 'deepEqual', 'Expected values to be loosely deep-equal:\n\n' + inspect(a) + '\n\nshould loosely deep-equal\n\n' + inspect(b)); };
    assert.notDeepEqual = strict ? notDeepStrictEqual : function notDeepEqual(a, b, m) { if (isDeepEqual(a, b, false)) failWith(a, b, m, 'notDeepEqual', '"actual" deepEqual "expected"'); };
    assert.deepStrictEqual = deepStrictEqual;
    assert.notDeepStrictEqual = notDeepStrictEqual;
    assert.throws = function throws(fn, expected, message) {
      if (typeof expected === 'string') { message = expected; expected = undefined; }
      var threw = false, err;
      try { unwound(fn)(); } catch (e) { threw = true; err = e; }
      if (!threw) failWith(undefined, expected, message, 'throws', 'Missing expected exception' + (message ? ': ' + message : '.'));
      if (!matchesError(err, expected)) {
        if (typeof expected === 'function' && !(expected.prototype !== undefined && err instanceof expected)) throw err;
        failWith(err, expected, message, 'throws', 'The error is expected to match the validation');
      }
    };
    assert.doesNotThrow = function doesNotThrow(fn, expected, message) {
      try { unwound(fn)(); } catch (e) {
        if (typeof expected === 'string') message = expected;
        failWith(e, expected, message, 'doesNotThrow', 'Got unwanted exception.\nActual message: "' + (e && e.message) + '"');
      }
    };
    assert.rejects = function rejects(p, expected, message) {
      return Promise.resolve().then(function () { return typeof p === 'function' ? p() : p; }).then(function () {
        failWith(undefined, expected, message, 'rejects', 'Missing expected rejection.');
      }, function (err) {
        if (!matchesError(err, expected)) failWith(err, expected, message, 'rejects', 'The error is expected to match the validation');
      });
    };
    assert.doesNotReject = function doesNotReject(p, expected, message) {
      return Promise.resolve().then(function () { return typeof p === 'function' ? p() : p; }).then(function () {}, function (e) {
        failWith(e, expected, message, 'doesNotReject', 'Got unwanted rejection.\nActual message: "' + (e && e.message) + '"');
      });
    };
    assert.ifError = function ifError(e) { if (e !== null && e !== undefined) throw e; };
    assert.match = function match(s, re, m) { if (typeof s !== 'string' || !re.test(s)) failWith(s, re, m, 'match', 'The input did not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'); };
    assert.doesNotMatch = function doesNotMatch(s, re, m) { if (typeof s !== 'string' || re.test(s)) failWith(s, re, m, 'doesNotMatch', 'The input was expected to not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'); };
    return assert;
  }
  var assert = makeAssert(false);
  assert.strict = makeAssert(true);
  assert.strict.strict = assert.strict;

  // ---------------------------------------------------------------- events
  function EventEmitter() { EventEmitter.init.call(this); }
  EventEmitter.defaultMaxListeners = 10;
  EventEmitter.init = function () {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    }
    this._maxListeners = this._maxListeners || undefined;
  };
  EventEmitter.prototype._events = undefined;
  EventEmitter.prototype._eventsCount = 0;
  EventEmitter.prototype._maxListeners = undefined;
  EventEmitter.prototype.setMaxListeners = function (n) { touch(this); this._maxListeners = n; return this; };
  EventEmitter.prototype.getMaxListeners = function () { return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners; };
  function addListener(target, type, listener, prepend) {
    if (typeof listener !== 'function') throw new TypeError('The "listener" argument must be of type function. Received ' + inspect(listener));
    touchEmitter(target);
    var events = target._events;
    if (events === undefined) { events = target._events = Object.create(null); target._eventsCount = 0; }
    else if (events.newListener !== undefined) {
      target.emit('newListener', type, listener.listener ? listener.listener : listener);
      events = target._events;
    }
    var existing = events[type];
    if (existing === undefined) { events[type] = listener; target._eventsCount++; }
    else if (typeof existing === 'function') events[type] = prepend ? [listener, existing] : [existing, listener];
    else if (prepend) existing.unshift(listener);
    else existing.push(listener);
    return target;
  }
  EventEmitter.prototype.on = EventEmitter.prototype.addListener = function (type, l) { return addListener(this, type, l, false); };
  EventEmitter.prototype.prependListener = function (type, l) { return addListener(this, type, l, true); };
  function onceWrapper(target, type, listener) {
    var state = { fired: false, target: target, type: type, listener: listener };
    var wrapped = function () {
      if (!state.fired) {
        touch(state);
        state.target.removeListener(state.type, wrapped);
        state.fired = true;
        return state.listener.apply(state.target, arguments);
      }
    };
    wrapped.listener = listener;
    return wrapped;
  }
  EventEmitter.prototype.once = function (type, l) { if (typeof l !== 'function') throw new TypeError('The "listener" argument must be of type function'); return this.on(type, onceWrapper(this, type, l)); };
  EventEmitter.prototype.prependOnceListener = function (type, l) { return this.prependListener(type, onceWrapper(this, type, l)); };
  EventEmitter.prototype.emit = function (type) {
    var args = Array.prototype.slice.call(arguments, 1);
    var events = this._events;
    if (type === 'error' && (events === undefined || events.error === undefined)) {
      var er = args[0];
      if (er instanceof Error) throw er;
      var err = new Error('Unhandled error. (' + inspect(er) + ')');
      err.context = er;
      throw err;
    }
    if (events === undefined) return false;
    var handler = events[type];
    if (handler === undefined) return false;
    if (typeof handler === 'function') handler.apply(this, args);
    else {
      var ls = handler.slice();
      for (var i = 0; i < ls.length; i++) ls[i].apply(this, args);
    }
    return true;
  };
  EventEmitter.prototype.off = EventEmitter.prototype.removeListener = function (type, listener) {
    touchEmitter(this);
    var events = this._events;
    if (events === undefined) return this;
    var list = events[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else { delete events[type]; if (events.removeListener) this.emit('removeListener', type, list.listener || listener); }
    } else if (typeof list !== 'function') {
      for (var i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          list.splice(i, 1);
          if (list.length === 1) events[type] = list[0];
          if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
          break;
        }
      }
    }
    return this;
  };
  EventEmitter.prototype.removeAllListeners = function (type) {
    touchEmitter(this);
    if (this._events === undefined) return this;
    if (arguments.length === 0) { this._events = Object.create(null); this._eventsCount = 0; }
    else if (this._events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete this._events[type];
    }
    return this;
  };
  EventEmitter.prototype.listeners = function (type) {
    var l = this._events && this._events[type];
    if (l === undefined) return [];
    if (typeof l === 'function') return [l.listener || l];
    return l.map(function (x) { return x.listener || x; });
  };
  EventEmitter.prototype.rawListeners = function (type) {
    var l = this._events && this._events[type];
    if (l === undefined) return [];
    return typeof l === 'function' ? [l] : l.slice();
  };
  EventEmitter.prototype.listenerCount = function (type) {
    var l = this._events && this._events[type];
    if (l === undefined) return 0;
    return typeof l === 'function' ? 1 : l.length;
  };
  EventEmitter.listenerCount = function (em, type) { return em.listenerCount(type); };
  EventEmitter.prototype.eventNames = function () { return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : []; };
  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.once = function (em, name) {
    return new Promise(function (resolve, reject) {
      em.once(name, function () { resolve(Array.prototype.slice.call(arguments)); });
      if (name !== 'error') em.once('error', reject);
    });
  };

  // ---------------------------------------------------------------- util
  // ANSI styles by name, as node's `util.inspect.colors` has them: [open, close]
  inspect.colors = {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25],
    inverse: [7, 27], hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24],
    black: [30, 39], red: [31, 39], green: [32, 39], yellow: [33, 39], blue: [34, 39],
    magenta: [35, 39], cyan: [36, 39], white: [37, 39], bgBlack: [40, 49], bgRed: [41, 49],
    bgGreen: [42, 49], bgYellow: [43, 49], bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49],
    bgWhite: [47, 49], framed: [51, 54], overlined: [53, 55], gray: [90, 39], redBright: [91, 39],
    greenBright: [92, 39], yellowBright: [93, 39], blueBright: [94, 39], magentaBright: [95, 39],
    cyanBright: [96, 39], whiteBright: [97, 39], bgGray: [100, 49], bgRedBright: [101, 49],
    bgGreenBright: [102, 49], bgYellowBright: [103, 49], bgBlueBright: [104, 49],
    bgMagentaBright: [105, 49], bgCyanBright: [106, 49], bgWhiteBright: [107, 49]
  };
  // whether node would colour text for `stream`: FORCE_COLOR decides when set, else a terminal
  function shouldColorize(stream) {
    var force = process.env.FORCE_COLOR;
    if (force !== undefined) return force !== '0' && force !== 'false';
    return !!(stream && stream.isTTY) && process.env.NO_COLOR === undefined && process.env.TERM !== 'dumb';
  }
  function styleCodes(key) {
    var codes = hasOwn.call(inspect.colors, key) ? inspect.colors[key] : null;
    if (!codes) {
      var e = new TypeError("The argument 'format' must be one of: " + Object.keys(inspect.colors).map(function (k) { return "'" + k + "'"; }).join(', ') + '. Received ' + inspect(key));
      e.code = 'ERR_INVALID_ARG_VALUE';
      throw e;
    }
    return codes;
  }
  // node 20's `util.styleText`: a list of styles is always applied; one style only when the
  // stream (stdout) would be coloured, unless `validateStream: false`
  function styleText(fmt, text, options) {
    if (typeof text !== 'string') {
      var te = new TypeError('The "text" argument must be of type string. Received ' + inspect(text));
      te.code = 'ERR_INVALID_ARG_TYPE';
      throw te;
    }
    var list = Array.isArray(fmt) ? fmt : [fmt];
    var left = '', right = '';
    list.forEach(function (key) {
      if (key === 'none') return;
      var codes = styleCodes(key);
      left += '\u001b[' + codes[0] + 'm';
      right = '\u001b[' + codes[1] + 'm' + right;
    });
    var validate = !(options && options.validateStream === false);
    if (!Array.isArray(fmt) && validate && !shouldColorize((options && options.stream) || process.stdout)) return text;
    return left + text + right;
  }
  var util = {
    format: format,
    // the inspect options are not applied (no colours): the text is `format`'s
    formatWithOptions: function (inspectOptions) {
      if (inspectOptions === null || typeof inspectOptions !== 'object') {
        var e = new TypeError('The "inspectOptions" argument must be of type object. Received ' + inspect(inspectOptions));
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
      return format.apply(null, Array.prototype.slice.call(arguments, 1));
    },
    styleText: styleText,
    inspect: inspect,
    isDeepStrictEqual: function (a, b) { return isDeepEqual(a, b, true); },
    // ECMA-48 control sequences: CSI (ESC [ or 0x9B, parameters, intermediates, a final byte),
    // OSC (ESC ] … BEL or ESC \) and two-byte escapes
    stripVTControlCharacters: function (str) {
      if (typeof str !== 'string') throw new TypeError('The "str" argument must be of type string');
      return str.replace(/(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g, '');
    },
    inherits: function (ctor, superCtor) {
      if (ctor === undefined || ctor === null) throw new TypeError('The "ctor" argument must be of type function');
      if (superCtor === undefined || superCtor === null) throw new TypeError('The "superCtor" argument must be of type function');
      if (superCtor.prototype === undefined) throw new TypeError('The "superCtor.prototype" property must be of type object');
      Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
      Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
    },
    deprecate: function (fn, msg, code) {
      var warned = false;
      function deprecated() {
        if (!warned) { warned = true; host.write(2, '(node) DeprecationWarning: ' + msg + '\n'); }
        if (new.target) return Reflect.construct(fn, arguments, new.target);
        return fn.apply(this, arguments);
      }
      Object.setPrototypeOf(deprecated, fn);
      if (fn.prototype) deprecated.prototype = fn.prototype;
      return deprecated;
    },
    promisify: function (fn) {
      if (typeof fn !== 'function') throw new TypeError('The "original" argument must be of type function');
      return function () {
        var self = this, args = Array.prototype.slice.call(arguments);
        return new Promise(function (resolve, reject) {
          args.push(function (err, val) { if (err) reject(err); else resolve(val); });
          fn.apply(self, args);
        });
      };
    },
    callbackify: function (fn) {
      return function () {
        var args = Array.prototype.slice.call(arguments);
        var cb = args.pop();
        fn.apply(this, args).then(function (v) { process.nextTick(cb, null, v); }, function (e) { process.nextTick(cb, e); });
      };
    },
    isArray: Array.isArray,
    isBoolean: function (v) { return typeof v === 'boolean'; },
    isNull: function (v) { return v === null; },
    isNullOrUndefined: function (v) { return v === null || v === undefined; },
    isNumber: function (v) { return typeof v === 'number'; },
    isString: function (v) { return typeof v === 'string'; },
    isSymbol: function (v) { return typeof v === 'symbol'; },
    isUndefined: function (v) { return v === undefined; },
    isRegExp: function (v) { return v instanceof RegExp; },
    isObject: function (v) { return v !== null && typeof v === 'object'; },
    isDate: function (v) { return v instanceof Date; },
    isError: function (v) { return v instanceof Error; },
    isFunction: function (v) { return typeof v === 'function'; },
    isPrimitive: function (v) { return v === null || (typeof v !== 'object' && typeof v !== 'function'); },
    types: {
      isDate: function (v) { return v instanceof Date; },
      isRegExp: function (v) { return v instanceof RegExp; },
      isMap: function (v) { return v instanceof Map; },
      isSet: function (v) { return v instanceof Set; },
      isPromise: function (v) { return v instanceof Promise; },
      isNativeError: function (v) { return v instanceof Error; }
    },
    // the web globals are defined after this object (node_builtins.js): read when asked for
    get TextEncoder() { return G.TextEncoder; },
    get TextDecoder() { return G.TextDecoder; }
  };

  // ---------------------------------------------------------------- event loop (virtual clock)
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

  // ---------------------------------------------------------------- process, console
  var processEmitter = new EventEmitter();
  var workDir = host.cwd;
  var startNs = host.hrtimeNs();
  var process = Object.assign(processEmitter, {
    argv: host.argv.slice(),
    execArgv: [],
    env: host.env,
    platform: 'linux',
    version: 'v20.0.0',
    versions: { node: '20.0.0', v8: '0.0', boa: '0.22' },
    arch: 'x64',
    pid: 1,
    title: 'node',
    exitCode: undefined,
    release: { name: 'node' },
    cwd: function () { return workDir; },
    getBuiltinModule: function (id) { return builtins[String(id).replace(/^node:/, '')]; },
    // the working directory relative paths resolve against; changing it is an effect (excluded
    // while checks run, refused while speculating), as the real call is
    chdir: function chdir(dir) {
      if (typeof dir !== 'string') throw new TypeError('The "directory" argument must be of type string. Received ' + inspect(dir));
      var to = path.resolve(dir);
      var kind = disk.kind(to);
      if (kind !== 2) {
        var e = new Error((kind === 0 ? 'ENOENT: no such file or directory' : 'ENOTDIR: not a directory') + ", chdir '" + workDir + "' -> '" + dir + "'");
        e.code = kind === 0 ? 'ENOENT' : 'ENOTDIR'; e.errno = kind === 0 ? -2 : -20; e.syscall = 'chdir'; e.path = workDir; e.dest = dir;
        throw e;
      }
      host.effect('changes the working directory (process.chdir)', true);
      workDir = to;
    },
    nextTick: function nextTick(fn) {
      if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
      if (host.effect('schedules a callback (process.nextTick)', false)) return;
      qPush.call(loop.ticks, { fn: fn, args: Array.prototype.slice.call(arguments, 1) });
    },
    hrtime: function hrtime(prev) {
      var ns = host.hrtimeNs() - startNs;
      var s = Math.floor(ns / 1e9), n = ns - s * 1e9;
      if (prev) { s -= prev[0]; n -= prev[1]; if (n < 0) { s -= 1; n += 1e9; } }
      return [s, n];
    },
    uptime: function () { return (host.hrtimeNs() - startNs) / 1e9; },
    memoryUsage: function () { return { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }; },
    cpuUsage: function () { return { user: 0, system: 0 }; },
    exit: function exit(code) { host.exit(code === undefined ? (process.exitCode || 0) : Number(code)); },
    emitWarning: function (w) { host.write(2, '(node) Warning: ' + (w && w.message ? w.message : String(w)) + '\n'); },
    binding: function (name) { throw new Error('No such module: ' + name); },
    stdout: { write: function (s) { if (!host.effect('writes to stdout', false)) host.write(1, String(s)); return true; }, isTTY: false, columns: 80 },
    stderr: { write: function (s) { if (!host.effect('writes to stderr', false)) host.write(2, String(s)); return true; }, isTTY: false, columns: 80 }
  });
  process.hrtime.bigint = function () { return BigInt(Math.round(host.hrtimeNs())); };
  var counts = Object.create(null);
  var timersByLabel = Object.create(null);
  var groupIndent = '';
  var streamWrites = [null, process.stdout.write, process.stderr.write];
  function out(fd, s) {
    if (groupIndent) s = groupIndent + s.split('\n').join('\n' + groupIndent);
    // as node's console: through the stream's `write`, which a test may have replaced
    var stream = fd === 1 ? process.stdout : process.stderr;
    if (stream && typeof stream.write === 'function' && stream.write !== streamWrites[fd]) {
      stream.write(s + '\n');
      return;
    }
    if (host.effect(fd === 1 ? 'prints (console.log)' : 'prints (console.error)', false)) return;
    host.write(fd, s + '\n');
  }
  var console = {
    log: function log() { out(1, format.apply(null, arguments)); },
    info: function info() { out(1, format.apply(null, arguments)); },
    debug: function debug() { out(1, format.apply(null, arguments)); },
    error: function error() { out(2, format.apply(null, arguments)); },
    warn: function warn() { out(2, format.apply(null, arguments)); },
    trace: function trace() { out(2, 'Trace: ' + format.apply(null, arguments)); },
    dir: function dir(v, o) { out(1, inspect(v, o)); },
    assert: function (v) { if (!v) out(2, 'Assertion failed' + (arguments.length > 1 ? ': ' + format.apply(null, Array.prototype.slice.call(arguments, 1)) : '')); },
    count: function (l) { l = l === undefined ? 'default' : String(l); counts[l] = (counts[l] || 0) + 1; out(1, l + ': ' + counts[l]); },
    countReset: function (l) { counts[l === undefined ? 'default' : String(l)] = 0; },
    time: function (l) { timersByLabel[l === undefined ? 'default' : String(l)] = host.hrtimeNs(); },
    timeEnd: function (l) { l = l === undefined ? 'default' : String(l); var t = timersByLabel[l]; if (t !== undefined) { out(1, l + ': ' + ((host.hrtimeNs() - t) / 1e6).toFixed(3) + 'ms'); delete timersByLabel[l]; } },
    timeLog: function (l) { l = l === undefined ? 'default' : String(l); var t = timersByLabel[l]; if (t !== undefined) out(1, l + ': ' + ((host.hrtimeNs() - t) / 1e6).toFixed(3) + 'ms'); },
    group: function () { if (arguments.length) console.log.apply(console, arguments); groupIndent += '  '; },
    groupEnd: function () { groupIndent = groupIndent.slice(2); },
    table: function (v) { out(1, inspect(v)); }
  };
  console.groupCollapsed = console.group;


  // Prelude code standing in for one of node's natives: the built-ins it calls charge nothing
  // (engine/src/host.rs `native`); same name and length.
  function asNative(f) {
    var g = function () { return host.native(f, this, arguments); };
    Object.defineProperty(g, 'name', { value: f.name, configurable: true });
    Object.defineProperty(g, 'length', { value: f.length, configurable: true });
    return g;
  }
  host.asNative = asNative;

  // ---------------------------------------------------------------- Buffer (the common subset)
  function utf8Encode(str) {
    var out = [];
    for (var i = 0; i < str.length; i++) {
      var c = str.charCodeAt(i);
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < str.length) {
        var d = str.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
        else c = 0xfffd;
      } else if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
      if (c < 0x80) out[out.length] = c;
      else if (c < 0x800) { out[out.length] = 0xc0 | (c >> 6); out[out.length] = 0x80 | (c & 63); }
      else if (c < 0x10000) { out[out.length] = 0xe0 | (c >> 12); out[out.length] = 0x80 | ((c >> 6) & 63); out[out.length] = 0x80 | (c & 63); }
      else { out[out.length] = 0xf0 | (c >> 18); out[out.length] = 0x80 | ((c >> 12) & 63); out[out.length] = 0x80 | ((c >> 6) & 63); out[out.length] = 0x80 | (c & 63); }
    }
    return out;
  }
  function utf8Decode(b, start, end) {
    var s = '';
    for (var i = start; i < end;) {
      var c = b[i++];
      if (c < 0x80) { s += String.fromCharCode(c); continue; }
      var n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : -1;
      if (n < 0 || i + n > end) { s += '\ufffd'; continue; }
      var cp = c & (0x3f >> n);
      for (var k = 0; k < n; k++) cp = (cp << 6) | (b[i++] & 63);
      s += String.fromCodePoint(cp);
    }
    return s;
  }
  var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  class Buffer extends Uint8Array {
    // also the deprecated `new Buffer(string | array[, encoding])`
    constructor(a, b, c) {
      if (typeof a === 'string' || (a !== null && typeof a === 'object' && !(a instanceof ArrayBuffer) && typeof a.length === 'number')) {
        var src = typeof a === 'string' ? Buffer.from(a, b) : a;
        super(src.length);
        for (var i = 0; i < src.length; i++) this[i] = src[i];
      } else if (a instanceof ArrayBuffer) super(a, b, c);
      else super(a === undefined ? 0 : a);
    }
    static from(v, enc, len) {
      var bytes;
      if (typeof v === 'string') {
        enc = String(enc || 'utf8').toLowerCase();
        if (enc === 'hex') { bytes = []; for (var i = 0; i + 1 < v.length; i += 2) { var h = parseInt(v.substr(i, 2), 16); if (isNaN(h)) break; bytes[bytes.length] = h; } }
        else if (enc === 'base64' || enc === 'base64url') {
          bytes = []; var bits = 0, acc = 0;
          for (var j = 0; j < v.length; j++) {
            var ch = v.charAt(j); if (ch === '-') ch = '+'; if (ch === '_') ch = '/';
            var x = B64.indexOf(ch); if (x < 0) continue;
            acc = (acc << 6) | x; bits += 6;
            if (bits >= 8) { bits -= 8; bytes[bytes.length] = (acc >> bits) & 255; }
          }
        } else if (enc === 'latin1' || enc === 'binary' || enc === 'ascii') { bytes = []; for (var q = 0; q < v.length; q++) bytes[q] = v.charCodeAt(q) & 255; }
        else bytes = utf8Encode(v);
      } else if (v instanceof ArrayBuffer) {
        return new Buffer(v, enc || 0, len === undefined ? v.byteLength - (enc || 0) : len);
      } else if (v && typeof v === 'object' && v.type === 'Buffer' && Array.isArray(v.data)) bytes = v.data;
      else if (v && typeof v.length === 'number') bytes = v;
      else throw new TypeError('The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object.');
      var b = new Buffer(bytes.length);
      for (var m = 0; m < bytes.length; m++) b[m] = bytes[m];
      return b;
    }
    static alloc(n, fill) { var b = new Buffer(n); if (fill !== undefined) b.fill(typeof fill === 'string' ? fill.charCodeAt(0) : fill); return b; }
    static allocUnsafe(n) { return new Buffer(n); }
    static isBuffer(b) { return b instanceof Buffer; }
    static isEncoding(e) { return ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'latin1', 'binary', 'ascii'].indexOf(String(e).toLowerCase()) >= 0; }
    static byteLength(s, enc) { return typeof s === 'string' ? Buffer.from(s, enc).length : s.byteLength; }
    static concat(list, total) {
      if (total === undefined) { total = 0; for (var i = 0; i < list.length; i++) total += list[i].length; }
      var b = Buffer.alloc(total), off = 0;
      for (var j = 0; j < list.length && off < total; j++) { var src = list[j]; for (var k = 0; k < src.length && off < total; k++) b[off++] = src[k]; }
      return b;
    }
    toString(enc, start, end) {
      start = start === undefined ? 0 : Math.max(0, start | 0);
      end = end === undefined ? this.length : Math.min(this.length, end | 0);
      enc = String(enc || 'utf8').toLowerCase();
      var s = '', i;
      if (enc === 'hex') { for (i = start; i < end; i++) s += (this[i] < 16 ? '0' : '') + this[i].toString(16); return s; }
      if (enc === 'base64' || enc === 'base64url') {
        for (i = start; i < end; i += 3) {
          var n = (this[i] << 16) | ((i + 1 < end ? this[i + 1] : 0) << 8) | (i + 2 < end ? this[i + 2] : 0);
          s += B64.charAt((n >> 18) & 63) + B64.charAt((n >> 12) & 63) + (i + 1 < end ? B64.charAt((n >> 6) & 63) : '=') + (i + 2 < end ? B64.charAt(n & 63) : '=');
        }
        if (enc === 'base64url') s = s.replace(/=+$/, '').split('+').join('-').split('/').join('_');
        return s;
      }
      if (enc === 'latin1' || enc === 'binary' || enc === 'ascii') { for (i = start; i < end; i++) s += String.fromCharCode(this[i]); return s; }
      return utf8Decode(this, start, end);
    }
    toJSON() { return { type: 'Buffer', data: Array.prototype.slice.call(this) }; }
    equals(o) { if (this.length !== o.length) return false; for (var i = 0; i < this.length; i++) if (this[i] !== o[i]) return false; return true; }
    write(str, off) { touch(this); var b = Buffer.from(str); off = off || 0; for (var i = 0; i < b.length && off + i < this.length; i++) this[off + i] = b[i]; return Math.min(b.length, this.length - off); }
    static compare(a, b) {
      for (var i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
      return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
    }
    static of() { return Buffer.from(Array.prototype.slice.call(arguments)); }
  }
  // node's `Buffer` is a function: callable without `new` (deprecated, still common: safer-buffer
  // falls back to it), its statics own enumerable properties (`for (k in Buffer)` copies them)
  Buffer = (function (NodeBuffer) {
    function Buffer(arg, encodingOrOffset, length) {
      var args = [];
      for (var i = 0; i < arguments.length; i++) args[i] = arguments[i];
      return host.native(Reflect.construct, undefined, [NodeBuffer, args, new.target || Buffer]);
    }
    // node's Buffer methods are native there: here the built-ins they call charge nothing
    Object.getOwnPropertyNames(NodeBuffer.prototype).forEach(function (k) {
      var d = Object.getOwnPropertyDescriptor(NodeBuffer.prototype, k);
      if (k !== 'constructor' && typeof d.value === 'function') {
        Object.defineProperty(NodeBuffer.prototype, k, { value: asNative(d.value), writable: true, configurable: true, enumerable: false });
      }
    });
    Object.setPrototypeOf(Buffer, Uint8Array);
    Buffer.prototype = NodeBuffer.prototype;
    Object.defineProperty(NodeBuffer.prototype, 'constructor', { value: Buffer, writable: true, configurable: true, enumerable: false });
    Buffer.poolSize = 8192;
    ['from', 'of', 'alloc', 'allocUnsafe', 'isBuffer', 'compare', 'isEncoding', 'concat', 'byteLength'].forEach(function (k) { Buffer[k] = asNative(NodeBuffer[k]); });
    Buffer.allocUnsafeSlow = Buffer.allocUnsafe;
    return Buffer;
  })(Buffer);

  // ---------------------------------------------------------------- fs (reads the disk; writes to an overlay)
  function fsError(code, syscall, p) {
    var msgs = { ENOENT: 'no such file or directory', EISDIR: 'illegal operation on a directory', ENOTDIR: 'not a directory' };
    var e = new Error(code + ': ' + (msgs[code] || 'error') + ', ' + syscall + " '" + p + "'");
    e.code = code; e.errno = -2; e.syscall = syscall; e.path = p;
    return e;
  }
  function Stats(kind, size) { this._kind = kind; this.size = size; this.mtime = new Date(0); this.mtimeMs = 0; this.mode = kind === 2 ? 16877 : 33188; }
  Stats.prototype.isFile = function () { return this._kind === 1; };
  Stats.prototype.isDirectory = function () { return this._kind === 2; };
  Stats.prototype.isSymbolicLink = function () { return false; };
  var fs = {
    readFileSync: function readFileSync(p, opts) {
      p = pathArg(p);
      var enc = typeof opts === 'string' ? opts : (opts && opts.encoding);
      var kind = host.stat(path.resolve(p));
      if (kind === 0) throw fsError('ENOENT', 'open', p);
      if (kind === 2) throw fsError('EISDIR', 'read', p);
      enc = enc ? String(enc).toLowerCase() : enc;
      if (enc === 'utf8' || enc === 'utf-8') return host.read(path.resolve(p));
      // the bytes as they are: a binary file is not read as text first
      var bytes = new Buffer(host.readBytes(path.resolve(p)));
      return enc ? bytes.toString(enc) : bytes;
    },
    existsSync: function existsSync(p) {
      try { return host.stat(path.resolve(pathArg(p))) !== 0; } catch (e) { return false; }
    },
    statSync: function statSync(p, o) {
      p = pathArg(p);
      var kind = host.stat(path.resolve(p));
      if (kind === 0) { if (o && o.throwIfNoEntry === false) return undefined; throw fsError('ENOENT', 'stat', p); }
      return new Stats(kind, kind === 1 ? host.readBytes(path.resolve(p)).byteLength : 0);
    },
    readdirSync: function readdirSync(p) {
      p = pathArg(p);
      var kind = host.stat(path.resolve(p));
      if (kind === 0) throw fsError('ENOENT', 'scandir', p);
      if (kind === 1) throw fsError('ENOTDIR', 'scandir', p);
      return host.readdir(path.resolve(p));
    },
    realpathSync: function realpathSync(p) { return path.resolve(pathArg(p)); }
  };
  fs.lstatSync = fs.statSync;
  fs.realpathSync.native = fs.realpathSync;
  // writes go to an in-memory overlay, never to the disk (engine/js/fs_overlay.js)
  var disk = host.fsOverlay(host, fs, Buffer, path, fsError, Stats);
  function pathArg(p) {
    if (typeof p !== 'string') {
      if (p && typeof p === 'object' && typeof p.href === 'string' && p.protocol === 'file:') return decodeURIComponent(p.pathname);
      throw new TypeError('The "path" argument must be of type string. Received ' + inspect(p));
    }
    return p;
  }

  // ---------------------------------------------------------------- CommonJS
  var builtins = Object.create(null);
  builtins.assert = assert;
  builtins['assert/strict'] = assert.strict;
  builtins.util = util;
  builtins.path = path;
  builtins['path/posix'] = path;
  builtins.events = EventEmitter;
  builtins.console = console;
  builtins.process = process;
  builtins.timers = timers;
  builtins.fs = fs;
  builtins.buffer = { Buffer: Buffer, kMaxLength: 4294967296, kStringMaxLength: 536870888, constants: { MAX_LENGTH: 4294967296, MAX_STRING_LENGTH: 536870888 }, INSPECT_MAX_BYTES: 50 };
  // os.constants as node has them on Linux (human-signals, execa read the signals)
  function osConstants() {
    function table(text) {
      var o = {};
      text.split(' ').forEach(function (p) { var kv = p.split('='); o[kv[0]] = Number(kv[1]); });
      return o;
    }
    return {
      UV_UDP_REUSEADDR: 4,
      dlopen: table('RTLD_LAZY=1 RTLD_NOW=2 RTLD_GLOBAL=256 RTLD_LOCAL=0 RTLD_DEEPBIND=8'),
      errno: table('E2BIG=7 EACCES=13 EADDRINUSE=98 EADDRNOTAVAIL=99 EAFNOSUPPORT=97 EAGAIN=11 EALREADY=114 EBADF=9 EBADMSG=74 EBUSY=16 ECANCELED=125 ECHILD=10 ECONNABORTED=103 ECONNREFUSED=111 ECONNRESET=104 EDEADLK=35 EDESTADDRREQ=89 EDOM=33 EDQUOT=122 EEXIST=17 EFAULT=14 EFBIG=27 EHOSTUNREACH=113 EIDRM=43 EILSEQ=84 EINPROGRESS=115 EINTR=4 EINVAL=22 EIO=5 EISCONN=106 EISDIR=21 ELOOP=40 EMFILE=24 EMLINK=31 EMSGSIZE=90 EMULTIHOP=72 ENAMETOOLONG=36 ENETDOWN=100 ENETRESET=102 ENETUNREACH=101 ENFILE=23 ENOBUFS=105 ENODATA=61 ENODEV=19 ENOENT=2 ENOEXEC=8 ENOLCK=37 ENOLINK=67 ENOMEM=12 ENOMSG=42 ENOPROTOOPT=92 ENOSPC=28 ENOSR=63 ENOSTR=60 ENOSYS=38 ENOTCONN=107 ENOTDIR=20 ENOTEMPTY=39 ENOTSOCK=88 ENOTSUP=95 ENOTTY=25 ENXIO=6 EOPNOTSUPP=95 EOVERFLOW=75 EPERM=1 EPIPE=32 EPROTO=71 EPROTONOSUPPORT=93 EPROTOTYPE=91 ERANGE=34 EROFS=30 ESPIPE=29 ESRCH=3 ESTALE=116 ETIME=62 ETIMEDOUT=110 ETXTBSY=26 EWOULDBLOCK=11 EXDEV=18'),
      signals: table('SIGHUP=1 SIGINT=2 SIGQUIT=3 SIGILL=4 SIGTRAP=5 SIGABRT=6 SIGIOT=6 SIGBUS=7 SIGFPE=8 SIGKILL=9 SIGUSR1=10 SIGSEGV=11 SIGUSR2=12 SIGPIPE=13 SIGALRM=14 SIGTERM=15 SIGCHLD=17 SIGSTKFLT=16 SIGCONT=18 SIGSTOP=19 SIGTSTP=20 SIGTTIN=21 SIGTTOU=22 SIGURG=23 SIGXCPU=24 SIGXFSZ=25 SIGVTALRM=26 SIGPROF=27 SIGWINCH=28 SIGIO=29 SIGPOLL=29 SIGPWR=30 SIGSYS=31'),
      priority: table('PRIORITY_LOW=19 PRIORITY_BELOW_NORMAL=10 PRIORITY_NORMAL=0 PRIORITY_ABOVE_NORMAL=-7 PRIORITY_HIGH=-14 PRIORITY_HIGHEST=-20')
    };
  }
  builtins.os = { EOL: '\n', platform: function () { return 'linux'; }, type: function () { return 'Linux'; }, cpus: function () { return []; }, tmpdir: function () { return '/tmp'; }, homedir: function () { return '/'; }, endianness: function () { return 'LE'; }, arch: function () { return 'x64'; },
    hostname: function () { return 'localhost'; }, release: function () { return '6.1.0'; }, version: function () { return '#1 SMP'; },
    machine: function () { return 'x86_64'; }, uptime: function () { return 1000; }, loadavg: function () { return [0, 0, 0]; },
    totalmem: function () { return 8589934592; }, freemem: function () { return 4294967296; }, availableParallelism: function () { return 1; },
    networkInterfaces: function () { return {}; }, userInfo: function () { return { uid: 1000, gid: 1000, username: 'user', homedir: '/', shell: null }; },
    devNull: '/dev/null', constants: osConstants() };
  var moduleCache = Object.create(null);
  function Module(id, parent) {
    this.id = id;
    this.filename = id;
    this.path = path.dirname(id);
    this.exports = {};
    this.parent = parent || null;
    this.loaded = false;
    this.children = [];
    this.paths = nodeModulePaths(this.path);
  }
  function nodeModulePaths(from) {
    var out = [];
    var parts = from.split('/');
    for (var i = parts.length; i > 0; i--) {
      if (parts[i - 1] === 'node_modules') continue;
      var dir = parts.slice(0, i).join('/') || '';
      out.push(dir + '/node_modules');
    }
    return out;
  }
  function tryFile(p) { return disk.kind(p) === 1 ? p : null; }
  // a file's text: as the run wrote it, or from the disk
  function readText(f) { var w = disk.written(f); return w !== null ? w : host.read(f); }
  // TypeScript sources: `./x.js` names `./x.ts` when only that exists; `./x` may be `./x.ts`
  function tsSource(p) {
    var m = /\.(m|c)?js$/.exec(p);
    if (!m) return null;
    var stem = p.slice(0, m.index);
    return tryFile(stem + '.' + (m[1] || '') + 'ts') || tryFile(stem + '.tsx');
  }
  function tryExtensions(p) {
    var found = tryFile(p) || tryFile(p + '.js') || tryFile(p + '.json') || tryFile(p + '.cjs') ||
      tsSource(p) || tryFile(p + '.ts') || tryFile(p + '.cts');
    // then the extensions loaders were registered for, as node tries every registered one
    for (var ext in extensions) if (!found && OWN_EXTENSIONS.indexOf(ext) < 0) found = tryFile(p + ext);
    return found;
  }
  function readPackage(dir) {
    var f = dir + '/package.json';
    if (disk.kind(f) !== 1) return null;
    try { return JSON.parse(readText(f)); } catch (e) { return null; }
  }
  function exportsTarget(exp, sub) {
    if (typeof exp === 'string') return sub === '.' ? exp : null;
    if (Array.isArray(exp)) { for (var i = 0; i < exp.length; i++) { var r = exportsTarget(exp[i], sub); if (r) return r; } return null; }
    if (!exp || typeof exp !== 'object') return null;
    var keys = Object.keys(exp);
    var isConditions = keys.length && keys[0].charAt(0) !== '.';
    if (isConditions) {
      if (sub !== '.') return null;
      return pickCondition(exp);
    }
    if (hasOwn.call(exp, sub)) return pickCondition(exp[sub]);
    for (var k = 0; k < keys.length; k++) {
      var key = keys[k];
      var star = key.indexOf('*');
      if (star >= 0 && sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1))) {
        var mid = sub.slice(star, sub.length - (key.length - star - 1));
        var t = pickCondition(exp[key]);
        if (t) return t.split('*').join(mid);
      }
    }
    return null;
  }
  // the runner's own export conditions, as node takes them (`--conditions=` in NODE_OPTIONS)
  var conditionsOf = null;
  function extraConditions() {
    var options = (process.env && process.env.NODE_OPTIONS) || '';
    if (conditionsOf === null || conditionsOf.options !== options) {
      var list = options.split(/\s+/).filter(function (o) { return o.indexOf('--conditions=') === 0; })
        .map(function (o) { return o.slice('--conditions='.length); });
      conditionsOf = { options: options, list: list };
    }
    return conditionsOf.list;
  }
  function pickCondition(v) {
    if (typeof v === 'string') return v;
    if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) { var r = pickCondition(v[i]); if (r) return r; } return null; }
    if (!v || typeof v !== 'object') return null;
    var conds = extraConditions().concat(['require', 'node', 'default']);
    var keys = Object.keys(v);
    for (var k = 0; k < keys.length; k++) {
      if (conds.indexOf(keys[k]) >= 0) { var r2 = pickCondition(v[keys[k]]); if (r2) return r2; }
    }
    return null;
  }
  function loadAsDirectory(dir) {
    var pkg = readPackage(dir);
    if (pkg && typeof pkg.main === 'string' && pkg.main) {
      var m = path.resolve(dir, pkg.main);
      var f = tryExtensions(m) || tryIndex(m);
      if (f) return f;
    }
    return tryIndex(dir);
  }
  function tryIndex(dir) {
    return tryFile(dir + '/index.js') || tryFile(dir + '/index.json') || tryFile(dir + '/index.cjs') ||
      tryFile(dir + '/index.ts');
  }
  // `#name` through the nearest package.json's "imports" (exact keys and one `*` pattern).
  function packageImport(request, base) {
    for (var dir = base; dir; dir = dir === '/' ? '' : path.dirname(dir)) {
      var pkg = readPackage(dir);
      if (!pkg) continue;
      var map = pkg.imports, t = null;
      if (!map || typeof map !== 'object') return null;
      if (hasOwn.call(map, request)) t = pickCondition(map[request]);
      else {
        Object.keys(map).forEach(function (key) {
          var star = key.indexOf('*');
          if (t || star < 0 || !request.startsWith(key.slice(0, star)) || !request.endsWith(key.slice(star + 1))) return;
          var r = pickCondition(map[key]);
          if (r) t = r.split('*').join(request.slice(star, request.length - (key.length - star - 1)));
        });
      }
      if (!t) return null;
      return t.startsWith('./') ? tryFile(path.resolve(dir, t)) : resolveFilename(t, { path: dir });
    }
    return null;
  }
  // Build output (`dist/x.js`, present or not) resolves to its source when the project has one.
  function resolveFilename(request, parent) {
    // jest's `moduleNameMapper`, vite's `alias` (module_mocks.js)
    var mapped = G.__dpHarness && G.__dpHarness.aliasOf ? G.__dpHarness.aliasOf(request) : null;
    if (mapped !== null) request = mapped;
    var base = parent ? parent.path : host.cwd;
    var found = resolveAsNode(request, base);
    var asked = found || (isPathRequest(request) ? path.resolve(base, request) : null);
    var src = asked && asked.indexOf('/node_modules/') < 0 ? host.sourceFor(asked) : null;
    if (src && found && src !== found && host.isEsm(src) && !host.isEsm(found)) builtFrom[src] = found;
    return src || found;
  }
  // ES module sources standing for a CommonJS build of them (`dist/index.cjs` → `src/index.ts`)
  var builtFrom = Object.create(null);
  function isPathRequest(request) {
    return request.charAt(0) === '/' || request.startsWith('./') || request.startsWith('../') || request === '.' || request === '..';
  }
  // The package's own name through its "exports" (node's self-reference).
  function selfReference(pkgName, sub, base) {
    for (var dir = base; dir; dir = dir === '/' ? '' : path.dirname(dir)) {
      var pkg = readPackage(dir);
      if (!pkg) continue;
      if (pkg.name !== pkgName || pkg.exports === undefined || pkg.exports === null) return null;
      var t = exportsTarget(pkg.exports, sub);
      return t ? path.resolve(dir, t) : null;
    }
    return null;
  }
  function resolveAsNode(request, base) {
    if (request.charAt(0) === '#') return packageImport(request, base);
    if (isPathRequest(request)) {
      var abs = path.resolve(base, request);
      return tryExtensions(abs) || loadAsDirectory(abs);
    }
    var dirs = nodeModulePaths(base);
    var slash = request.charAt(0) === '@' ? request.indexOf('/', request.indexOf('/') + 1) : request.indexOf('/');
    var pkgName = slash < 0 ? request : request.slice(0, slash);
    var sub = slash < 0 ? '.' : '.' + request.slice(slash);
    var self = selfReference(pkgName, sub, base);
    if (self) return tryFile(self) || host.sourceFor(self);
    for (var i = 0; i < dirs.length; i++) {
      var pkgDir = dirs[i] + '/' + pkgName;
      if (disk.kind(pkgDir) === 0) continue;
      var pkg = readPackage(pkgDir);
      if (pkg && pkg.exports !== undefined && pkg.exports !== null) {
        var t = exportsTarget(pkg.exports, sub);
        if (t) { var f = tryFile(path.resolve(pkgDir, t)); if (f) return f; }
      }
      var p = dirs[i] + '/' + request;
      var r = tryExtensions(p) || loadAsDirectory(p);
      if (r) return r;
    }
    return null;
  }
  function requireChain(parent) {
    var chain = [];
    for (var m = parent; m; m = m.parent) chain.push(host.rel(m.filename));
    return chain;
  }
  function requireFrom(parent, request) {
    if (typeof request !== 'string' || request === '') throw new TypeError("The argument 'id' must be a non-empty string. Received " + inspect(request));
    // `node:test` and `tape` are the harness's own adapters
    var stand = globalThis.__dpHarness && globalThis.__dpHarness.harnessModule(request);
    if (stand !== undefined) return stand;
    var name = request.startsWith('node:') ? request.slice(5) : request;
    // a module a jest mock stands for (engine/js/module_mocks.js)
    var mocks = G.__dpHarness;
    if (mocks && mocks.mockCount && mocks.mockCount() > 0) {
      var builtin = hasOwn.call(builtins, name) || host.isNodeBuiltin(name);
      var hit = mocks.mockRequire(request, builtin ? 'node:' + name : resolveFilename(request, parent));
      if (hit) return hit.value;
    }
    if (hasOwn.call(builtins, name)) return builtins[name];
    if (builtins.__unavailable && builtins.__unavailable.indexOf(name) >= 0) {
      var ue = new Error("decisionprof: the Node built-in module '" + name + "' is not available in the embedded engine: no processes, threads or network in Boa (required from " +
        requireChain(parent).join(' <- ') + '); profile under node with --engine node, or leave the tests that need it out of the workload');
      ue.code = 'ERR_DECISIONPROF_BUILTIN';
      throw ue;
    }
    var filename = resolveFilename(request, parent);
    if (!filename) {
      if (host.isNodeBuiltin(name)) {
        var be = new Error("decisionprof: the Node built-in module '" + name + "' is not provided (required from " + requireChain(parent).join(' <- ') + ')');
        be.code = 'ERR_DECISIONPROF_BUILTIN';
        throw be;
      }
      var err = new Error("Cannot find module '" + request + "'\nRequire stack:\n- " + requireChain(parent).join('\n- '));
      err.code = 'MODULE_NOT_FOUND';
      err.requireStack = requireChain(parent);
      throw err;
    }
    var cached = moduleCache[filename];
    if (cached) { return cached.exports; }
    var module = new Module(filename, parent);
    if (parent) parent.children.push(module);
    moduleCache[filename] = module;
    var ok = false;
    try {
      loadModule(module);
      ok = true;
    } finally {
      if (!ok) delete moduleCache[filename];
    }
    return module.exports;
  }
  function loadModule(module) {
    var filename = module.filename;
    var loader = projectLoader(filename);
    if (loader) {
      loader(module, filename);
      module.loaded = true;
      return;
    }
    if (filename.endsWith('.node')) {
      // a compiled addon: node loads it with dlopen; a caller that tries it and falls back
      // (`try { require('x.node') } catch {}`) gets its fallback, as when the addon is missing
      var ne = new Error('decisionprof: the native addon ' + host.rel(filename) + ' cannot load in the embedded engine (required from ' +
        requireChain(module.parent).join(' <- ') + '); profile under node with --engine node');
      ne.code = 'ERR_DLOPEN_FAILED';
      throw ne;
    }
    if (filename.endsWith('.json')) {
      try { module.exports = JSON.parse(readText(filename)); } catch (e) { e.message = filename + ': ' + e.message; throw e; }
      module.loaded = true;
      return;
    }
    if (host.isEsm(filename)) {
      // require(esm) as node 20.19+: the namespace, or ERR_REQUIRE_ASYNC_MODULE with top-level await.
      var ns = host.requireEsm(filename);
      // for the CommonJS build it stands for, what bundlers make of a module whose one export is
      // `default`: that value as `module.exports` (`require('../')()`)
      var keys = Object.keys(ns);
      module.exports = builtFrom[filename] && keys.length === 1 && keys[0] === 'default' ? ns.default : ns;
      module.loaded = true;
      return;
    }
    // a module the run wrote is not a source of the project: compiled as it is, not instrumented
    var written = disk.written(filename);
    var wrapper = written === null ? host.compile(filename)
      : (0, eval)('(function (exports, require, module, __filename, __dirname, __dp) {' + written + '\n})');
    var req = makeRequire(module);
    module.require = req;
    // what a dependency adds to the globals stays for every test file (harness.js `freshGlobals`)
    if (G.__dpHarness && G.__dpHarness.globalsPerFile() && /[\\/]node_modules[\\/]/.test(filename)) {
      G.__dpHarness.dependencyGlobals(function () {
        wrapper.call(module.exports, module.exports, req, module, filename, module.path, dp);
      });
    } else {
      wrapper.call(module.exports, module.exports, req, module, filename, module.path, dp);
    }
    module.loaded = true;
  }
  // The CommonJS module cache for jest's and vitest's `resetModules` and `isolateModules`
  // (module_mocks.js): `forget` drops the project's modules (dependencies stay, as between test
  // files); `swap` sets them aside and gives a function that puts them back. ES modules stay:
  // Boa needs an importing module to get the same module for the same specifier every time.
  function projectModules() {
    return Object.keys(moduleCache).filter(function (f) { return !/[\\/]node_modules[\\/]/.test(f); });
  }
  Object.defineProperty(globalThis, '__dpModules', {
    value: {
      forget: function () {
        projectModules().forEach(function (f) { delete moduleCache[f]; });
      },
      swap: function () {
        var aside = {};
        projectModules().forEach(function (f) { aside[f] = moduleCache[f]; delete moduleCache[f]; });
        return function () {
          projectModules().forEach(function (f) { delete moduleCache[f]; });
          Object.keys(aside).forEach(function (f) { moduleCache[f] = aside[f]; });
        };
      }
    },
    writable: true, configurable: true, enumerable: false
  });
  // `require` for an ES module written for a loader (babel, `esm`) that gives it one
  Object.defineProperty(globalThis, '__dpRequireFor', {
    value: function (filename) { return makeRequire(new Module(filename, null)); },
    writable: true, configurable: true, enumerable: false
  });
  function makeRequire(module) {
    function require(id) { return requireFrom(module, id); }
    require.resolve = function resolve(request, options) {
      var name = request.startsWith('node:') ? request.slice(5) : request;
      if (hasOwn.call(builtins, name)) return request;
      // `{ paths }`: the folders to look from instead of the module's own
      var f = null;
      if (options && Array.isArray(options.paths)) {
        for (var i = 0; i < options.paths.length && !f; i++) f = resolveAsNode(request, path.resolve(module.path, String(options.paths[i])));
      } else f = resolveFilename(request, module);
      if (!f) { var e = new Error("Cannot find module '" + request + "'"); e.code = 'MODULE_NOT_FOUND'; throw e; }
      return f;
    };
    require.cache = moduleCache;
    require.main = mainModule;
    require.extensions = extensions;
    return require;
  }
  // `require.extensions` (`Module._extensions`), one table for every `require`. A loader a project
  // registers for an extension of its own (json5's `.json5`) loads such files; the extensions the
  // engine compiles itself keep its loader (a `.js` hook such as babel's would bypass the
  // instrumentation).
  var extensions = Object.create(null);
  var OWN_EXTENSIONS = ['.js', '.json', '.node', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.tsx', '.jsx'];
  OWN_EXTENSIONS.slice(0, 3).forEach(function (e) {
    extensions[e] = function (module) { loadModule(module); };
  });
  function projectLoader(filename) {
    var ext = path.extname(filename);
    var hook = extensions[ext];
    return ext && OWN_EXTENSIONS.indexOf(ext) < 0 && typeof hook === 'function' ? hook : null;
  }
  // what a registered loader hands its compiled text to: run as CommonJS, not instrumented
  Module.prototype._compile = function (content, filename) {
    var wrapper = (0, eval)('(function (exports, require, module, __filename, __dirname, __dp) {' + String(content) + '\n})');
    var req = makeRequire(this);
    this.require = req;
    return wrapper.call(this.exports, this.exports, req, this, filename, path.dirname(filename), dp);
  };
  Module._extensions = extensions;
  Module._cache = moduleCache;
  Module.builtinModules = Object.keys(builtins);
  Module.createRequire = function (f) {
    // a path, a file: URL string (import.meta.url) or a URL object
    var p = f && typeof f === 'object' && typeof f.href === 'string' ? f.href : String(f);
    if (p.startsWith('file:')) p = decodeURIComponent(p.replace(/^file:\/\//, '').replace(/^file:/, ''));
    return makeRequire(new Module(path.resolve(p), null));
  };
  Module.Module = Module;
  builtins.module = Module;
  var mainModule = null;

  // ---------------------------------------------------------------- globals
  function defineGlobal(name, value) {
    Object.defineProperty(G, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  defineGlobal('global', G);
  defineGlobal('console', console);
  defineGlobal('process', process);
  defineGlobal('Buffer', Buffer);
  defineGlobal('setTimeout', timers.setTimeout);
  defineGlobal('setInterval', timers.setInterval);
  defineGlobal('setImmediate', timers.setImmediate);
  defineGlobal('clearTimeout', timers.clearTimeout);
  defineGlobal('clearInterval', timers.clearInterval);
  defineGlobal('clearImmediate', timers.clearImmediate);
  if (typeof G.queueMicrotask !== 'function') {
    defineGlobal('queueMicrotask', function queueMicrotask(fn) { Promise.resolve().then(function () { fn(); }); });
  }
  // url, querystring, crypto, zlib, stream, … and web globals (engine/js/node_builtins.js)
  if (typeof host.nodeBuiltins === 'function') {
    host.nodeBuiltins(host, builtins, Buffer, defineGlobal, EventEmitter, fs, timers, process);
  }
  if (typeof G.structuredClone !== 'function') {
    defineGlobal('structuredClone', function structuredClone(v) { return v === undefined ? undefined : JSON.parse(JSON.stringify(v)); });
  }

  // ---------------------------------------------------------------- speculation support
  // The engine logs writes made while speculating; engine/js/undo.js takes and restores snapshots.
  var U = host.undo;
  // ---------------------------------------------------------------- Function.prototype.toString
  // An instrumented function's text is the printed instrumented code: give the text the user
  // wrote instead (engine/src/fntext.rs); built-ins keep theirs. A function made by
  // `new Function(…)` reads as V8 writes it (Boa gives `[native code]`, and code generators
  // that print such a function and evaluate the text again failed).
  (function () {
    var fnToString = Function.prototype.toString;
    var NativeFunction = Function, made = new WeakMap();
    var construct = Reflect.construct, toText = String;
    var FunctionMaker = function Function(a) { // eslint-disable-line no-unused-vars
      var args = [];
      for (var i = 0; i < arguments.length; i++) args[i] = toText(arguments[i]);
      var f = construct(NativeFunction, args, new.target && new.target !== FunctionMaker ? new.target : NativeFunction);
      var body = args.length ? args[args.length - 1] : '';
      made.set(f, 'function anonymous(' + args.slice(0, -1).join(',') + '\n) {\n' + body + '\n}');
      return f;
    };
    Object.defineProperty(FunctionMaker, 'prototype', { value: NativeFunction.prototype, writable: false });
    Object.defineProperty(NativeFunction.prototype, 'constructor', { value: FunctionMaker, writable: true, configurable: true, enumerable: false });
    Object.setPrototypeOf(FunctionMaker, Object.getPrototypeOf(NativeFunction));
    defineGlobal('Function', FunctionMaker);
    // node's toString is a native: the built-ins this one calls charge nothing (`host.native`)
    function textOf(f) {
      var own = made.get(f);
      if (own !== undefined) return own;
      var text = fnToString.call(f);
      if (text.indexOf('[native code]') >= 0) return text;
      var original = host.fnText(text);
      return original === null ? text : original;
    }
    var toString = {
      toString() {
        if (this === toString) return 'function toString() { [native code] }';
        return host.native(textOf, undefined, [this]);
      }
    }.toString;
    Object.defineProperty(Function.prototype, 'toString', { value: toString, writable: true, enumerable: false, configurable: true });
  })();

  // ---------------------------------------------------------------- driver API
  var CAUGHT = {}, caughtError;
  return {
    runMain: function (filename) {
      var m = new Module(filename, null);
      m.id = '.';
      mainModule = m;
      process.mainModule = m;
      moduleCache[filename] = m;
      try { loadModule(m); } catch (e) { delete moduleCache[filename]; throw e; }
      return m.exports;
    },
    requireFrom: function (filename, request) {
      return requireFrom(new Module(filename, null), request);
    },
    // A test file's own modules (jest, vitest): every module but dependencies' (`node_modules`)
    // is forgotten, so the next require evaluates a new instance.
    isolate: function () {
      projectModules().forEach(function (f) { delete moduleCache[f]; });
      if (G.__dpHarness) G.__dpHarness.freshGlobals();
      if (G.__dpHarness && G.__dpHarness.isolateFile) G.__dpHarness.isolateFile();
    },
    runTicks: runTicks,
    runMacrotask: runMacrotask,
    setUncaughtHandler: function (f) { uncaughtHandler = f; },
    inspect: inspect,
    format: format,
    gopd: U.gopd,
    restoreProp: U.restoreProp,
    snapshot: U.snapshot,
    saveInternal: U.saveInternal,
    irreversible: U.irreversible,
    trapReads: U.trapReads,
    // Boa 0.22 leaves the value stack unwound too little when a function called from a native
    // throws from a deeper call and the native catches it: the caller's pending values are then
    // wrong ("not a callable function"). Natives that must survive a throw call through this,
    // so the error is caught in JavaScript (engine/src/guard.rs).
    guardCall: function (f, x) {
      try { return f(x); } catch (e) { caughtError = e; return CAUGHT; }
    },
    caught: CAUGHT,
    takeCaught: function () { var e = caughtError; caughtError = undefined; return e; },
    errorText: function (e) {
      if (e instanceof Error) return (e.name || 'Error') + ': ' + e.message;
      return 'thrown: ' + inspect(e);
    },
    errorStack: function (e) {
      if (e instanceof Error && e.stack) return String(e.stack);
      return inspect(e);
    }
  };
})
