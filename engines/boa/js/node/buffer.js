// decisionprof host, Node's `buffer`: Buffer, the common subset (encodings, numbers, copies, views,
// search). Its methods stand in for node's natives: the built-ins they call charge nothing.
'use strict';
var host = require('decisionprof:host');
var touch = require('./touch');
// Prelude code standing in for one of node's natives: the built-ins it calls charge nothing
// (engines/boa/src/host.rs `native`); same name and length.
function asNative(f) {
  var g = function () { return host.native(f, this, arguments); };
  Object.defineProperty(g, 'name', { value: f.name, configurable: true });
  Object.defineProperty(g, 'length', { value: f.length, configurable: true });
  return g;
}
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

// node's binary methods on top of the Buffer above (`readUInt8`, `writeInt32LE`, `readDoubleBE`,
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
    f = asNative(f);
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
  // the typed-array `fill` as it is when called (guarded while checks run: engines/boa/src/internals.rs)
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

module.exports = {
  buffer: { Buffer: Buffer, kMaxLength: 4294967296, kStringMaxLength: 536870888, constants: { MAX_LENGTH: 4294967296, MAX_STRING_LENGTH: 536870888 }, INSPECT_MAX_BYTES: 50 }
};
