// decisionprof host, Node's `util`: `inspect` and `format` as node prints values, `util.types`,
// `styleText`, `inherits`, `promisify` and the rest.
'use strict';
var host = require('decisionprof:host');
var Buffer = require('buffer').Buffer;
var G = globalThis;
var hasOwn = Object.prototype.hasOwnProperty;
// `process` (for the environment, stdout and `nextTick`) and deep equality (assert's), required
// when first needed: both require this module
var processModule = null;
var deprecationCodes = Object.create(null);
function proc() {
  if (processModule === null) processModule = require('process');
  return processModule;
}
var assertFamily = null;
function isDeepEqual(a, b, strict) {
  if (assertFamily === null) assertFamily = require('./assert');
  return assertFamily.isDeepEqual(a, b, strict);
}

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

var tag = function (v) { return Object.prototype.toString.call(v).slice(8, -1); };
var types = {
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
  var force = proc().env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return !!(stream && stream.isTTY) && proc().env.NO_COLOR === undefined && proc().env.TERM !== 'dumb';
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
  if (!Array.isArray(fmt) && validate && !shouldColorize((options && options.stream) || proc().stdout)) return text;
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
      if (!warned) {
        warned = true;
        // once per code, through the live `process.emitWarning` (tests stub it), as node does
        if (code === undefined || !deprecationCodes[code]) {
          if (code !== undefined) deprecationCodes[code] = true;
          proc().emitWarning(msg, 'DeprecationWarning', code, deprecated);
        }
      }
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
      fn.apply(this, args).then(function (v) { proc().nextTick(cb, null, v); }, function (e) { proc().nextTick(cb, e); });
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
  types: types,
  // the web globals are defined after this object (host.js, from web.js): read when asked for
  get TextEncoder() { return G.TextEncoder; },
  get TextDecoder() { return G.TextDecoder; }
};

module.exports = { util: util, 'util/types': types };
