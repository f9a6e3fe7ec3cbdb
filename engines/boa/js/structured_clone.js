// decisionprof host for Boa: `structuredClone` as node 20 clones (the HTML structured clone
// algorithm): primitives as they are; Boolean, Number, String and BigInt wrappers, Date, RegExp
// (without lastIndex), ArrayBuffer, typed arrays and DataView, Map, Set, arrays and plain
// objects (own enumerable string keys; a class instance becomes a plain object) copied deeply,
// sharing and cycles kept; errors with their kind, message, stack and cause. Functions,
// symbols, weak collections, promises and the like throw a DataCloneError; any other object
// (a custom `Symbol.toStringTag` included) is copied as a plain object.
'use strict';

var ERRORS = { Error: Error, EvalError: EvalError, RangeError: RangeError, ReferenceError: ReferenceError, SyntaxError: SyntaxError, TypeError: TypeError, URIError: URIError };
var TYPED = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
var UNCLONEABLE = ['Promise', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Symbol', 'Generator', 'AsyncGenerator'];
var toTag = Object.prototype.toString;

function DataCloneError(message) {
  var e = new Error(message);
  e.name = 'DataCloneError';
  e.code = 25;
  return e;
}

// `[[Class]]` of `v` as toString reads its brand (`Date`, `Map`, …)
function tagOf(v) { return toTag.call(v).slice(8, -1); }

function cloneError(v, seen, memo) {
  var name = v.name;
  var Kind = typeof name === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, name) ? ERRORS[name] : Error;
  var out = Object.create(Kind.prototype);
  memo.set(v, out);
  var define = function (key, value) { Object.defineProperty(out, key, { value: value, writable: true, configurable: true, enumerable: false }); };
  if (v.message !== undefined) define('message', String(v.message));
  if (v.stack !== undefined) define('stack', String(v.stack));
  if (Object.prototype.hasOwnProperty.call(v, 'cause')) define('cause', seen(v.cause));
  return out;
}

function cloneBinary(v, tag, memo) {
  if (tag === 'ArrayBuffer') {
    var b = v.slice(0);
    memo.set(v, b);
    return b;
  }
  var buffer = memo.has(v.buffer) ? memo.get(v.buffer) : v.buffer.slice(0);
  memo.set(v.buffer, buffer);
  var out = tag === 'DataView' ? new DataView(buffer, v.byteOffset, v.byteLength) : new globalThis[tag](buffer, v.byteOffset, v.length);
  memo.set(v, out);
  return out;
}

function cloneObject(v, seen, memo) {
  var tag = tagOf(v);
  var out;
  switch (tag) {
    case 'Boolean': out = Object(Boolean.prototype.valueOf.call(v)); break;
    case 'Number': out = Object(Number.prototype.valueOf.call(v)); break;
    case 'String': out = Object(String.prototype.valueOf.call(v)); break;
    case 'BigInt': out = Object(BigInt.prototype.valueOf.call(v)); break;
    case 'Date': out = new Date(Date.prototype.getTime.call(v)); break;
    case 'RegExp': out = new RegExp(v.source, v.flags); break;
    case 'Error': return cloneError(v, seen, memo);
    case 'ArrayBuffer': case 'DataView': return cloneBinary(v, tag, memo);
    case 'Map':
      out = new Map();
      memo.set(v, out);
      Map.prototype.forEach.call(v, function (value, key) { out.set(seen(key), seen(value)); });
      return out;
    case 'Set':
      out = new Set();
      memo.set(v, out);
      Set.prototype.forEach.call(v, function (value) { out.add(seen(value)); });
      return out;
    default:
      if (TYPED.indexOf(tag) >= 0) return cloneBinary(v, tag, memo);
      if (UNCLONEABLE.indexOf(tag) >= 0) throw DataCloneError('#<' + tag + '> could not be cloned.');
      out = Array.isArray(v) ? new Array(v.length) : {};
      memo.set(v, out);
      Object.keys(v).forEach(function (k) { out[k] = seen(v[k]); });
      return out;
  }
  memo.set(v, out);
  return out;
}

function structuredClone(value) {
  if (arguments.length === 0) throw new TypeError("The \"value\" argument must be specified");
  var memo = new Map();
  var seen = function (v) {
    if (typeof v === 'function') throw DataCloneError(String(v) + ' could not be cloned.');
    if (typeof v === 'symbol') throw DataCloneError(String(v) + ' could not be cloned.');
    if (v === null || typeof v !== 'object') return v;
    if (memo.has(v)) return memo.get(v);
    return cloneObject(v, seen, memo);
  };
  return seen(value);
}

module.exports = structuredClone;
