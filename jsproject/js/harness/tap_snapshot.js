// decisionprof test harness: node-tap's `t.matchSnapshot` and `t.resolveMatchSnapshot` against
// the project's `tap-snapshots/<test file>.test.cjs`, as tap names and formats them: the key is
// `<file> TAP <test names> > <message> <n>` (tap 16), or with ` > ` between every part (tap 18
// and later); a value that is not a string is printed in tcompare's "pretty" style with sorted
// keys. Nothing is written: a missing file or
// entry fails the test saying so.
'use strict';
var snapshots = require('./snapshot');

var INDENT = '  ';
var objToString = Object.prototype.toString;

// tcompare's class name of an object: its constructor's, unless that is what toString says
function className(o) {
  var tag = objToString.call(o).slice(8, -1);
  var ctor = o.constructor;
  if (ctor !== Object && ctor && ctor.name && ctor.name !== tag) return ctor.name;
  return Object.getPrototypeOf(o) ? tag : 'Null Object';
}
function isStream(o) {
  return typeof o.pipe === 'function' || (typeof o.write === 'function' && typeof o.end === 'function');
}
function asList(o) {
  if (Array.isArray(o) || objToString.call(o) === '[object Arguments]') return Array.prototype.slice.call(o);
  if (o instanceof Set || o instanceof Map || isStream(o) || typeof o[Symbol.iterator] !== 'function') return null;
  try { return Array.from(o); } catch (e) { return null; }
}
// one line of a multi-line string: JSON's escapes, quotes left as they are
function stringLine(s) {
  return JSON.stringify(s.replace(/\n$/, '')).slice(1, -1).replace(/\\"/g, '"');
}
function functionText(fn) {
  var args = Function.prototype.toString.call(fn).split('{')[0].split('=>')[0]
    .replace(/[\n\r\s\t]+/g, '').replace(/^[^(]*\( */, '').replace(/ *\).*/g, '')
    .split(',').join(', ').trim();
  return className(fn) + ' ' + (fn.name || '') + '(' + args + ')';
}

// `value` printed as tcompare's format(value, { sort: true }) prints it
function format(value) {
  var ids = new Map();
  var next = 0;
  // ancestors: [{ object, id }] from the root down
  function print(v, level, ancestors) {
    switch (typeof v) {
      case 'undefined': return 'undefined';
      case 'symbol': return v.toString();
      case 'bigint': return v.toString() + 'n';
      case 'boolean':
      case 'number': return JSON.stringify(v);
      case 'string': return printString(v, level);
      case 'function': return functionText(v);
    }
    if (v === null) return 'null';
    if (v instanceof RegExp) return v.toString();
    if (v instanceof Date) return v.toISOString();
    for (var a = 0; a < ancestors.length; a++) {
      if (ancestors[a].object === v) {
        if (!ancestors[a].id) {
          if (!ids.has(v)) ids.set(v, ++next);
          ancestors[a].id = ids.get(v);
        }
        return '<*ref_' + ancestors[a].id + '>';
      }
    }
    if (typeof Buffer === 'function' && Buffer.isBuffer(v)) {
      throw new Error('t.matchSnapshot: decisionprof does not print a Buffer as tap does; compare its text or hex instead');
    }
    var self = { object: v, id: 0 };
    var inner = ancestors.concat([self]);
    var body = collection(v, level, inner);
    return (self.id ? '&ref_' + self.id + ' ' : '') + body;
  }
  function printString(s, level) {
    if (s.length === 0) return '""';
    if (/^[^\n]*\n?$/.test(s)) return JSON.stringify(s);
    var lines = s.split('\n');
    var last = lines.pop();
    var pad = INDENT.repeat(level + 1);
    var body = lines.map(function (l) { return pad + stringLine(l + '\n') + '\n'; }).join('') + pad + stringLine(last + '\n');
    return 'String(\n' + body + '\n' + INDENT.repeat(level) + ')';
  }
  function block(head, entries, tail, level) {
    return head + entries.join('') + INDENT.repeat(level) + tail;
  }
  function collection(o, level, inner) {
    var cls = className(o);
    var pad = INDENT.repeat(level + 1);
    var item = function (x) { return print(x, level + 1, inner); };
    if (o instanceof Error) {
      var ek = Object.keys(o);
      if (!ek.length) return String(o);
      var head = cls === 'AssertionError' && o.generatedMessage ? o.name + ' {\n' : String(o) + ' {\n';
      return block(head, entries(o, ek, pad, item), '}', level);
    }
    if (o instanceof Set) {
      if (!o.size) return cls + ' {}';
      return block(cls + ' {\n', Array.from(o).map(function (x) { return pad + item(x) + ',\n'; }), '}', level);
    }
    if (o instanceof Map) {
      if (!o.size) return cls + ' {}';
      return block(cls + ' {\n', Array.from(o).map(function (kv) {
        return pad + print(kv[0], level + 1, inner) + ' => ' + item(kv[1]) + ',\n';
      }), '}', level);
    }
    var list = asList(o);
    if (list) {
      if (!list.length) return cls + ' []';
      return block(cls + ' [\n', list.map(function (x) { return pad + item(x) + ',\n'; }), ']', level);
    }
    var keys = Object.keys(o);
    if (!keys.length) return cls + ' {}';
    return block(cls + ' {\n', entries(o, keys, pad, item), '}', level);
  }
  function entries(o, keys, pad, item) {
    return keys.slice().sort(function (a, b) { return a.localeCompare(b, 'en'); }).map(function (k) {
      return pad + JSON.stringify(k) + ': ' + item(o[k]) + ',\n';
    });
  }
  return print(value, 0, []);
}

// [pass, message] for `found` against the stored snapshot named by the test's `names` (its
// own name last) in `file`, under `message`; the test's `formatSnapshot` prints a value that is
// not a string first, its `cleanSnapshot` edits the text (as tap applies them)
function matchSnapshot(file, names, found, message, formatSnapshot, cleanSnapshot) {
  var text = found;
  if (typeof text !== 'string') {
    text = formatSnapshot ? formatSnapshot(found) : format(found);
    if (typeof text !== 'string') text = format(text);
  }
  if (cleanSnapshot) text = cleanSnapshot(text);
  var head = [file, 'TAP'].concat(names);
  var key = snapshots.nextKey(head.join(' ') + ' > ' + message);
  var n = key.slice(key.lastIndexOf(' '));
  var path = 'tap-snapshots/' + file + '.test.cjs';
  var entries = snapshots.stored(path);
  if (!entries) return [false, 'no snapshot file ' + path + ': decisionprof never writes snapshots; record them with tap (TAP_SNAPSHOT=1) first'];
  var newer = head.join(' > ') + ' > ' + message + n;
  if (!Object.prototype.hasOwnProperty.call(entries, key) && Object.prototype.hasOwnProperty.call(entries, newer)) key = newer;
  if (!Object.prototype.hasOwnProperty.call(entries, key)) {
    return [false, 'no stored snapshot `' + key + '` in ' + path + ': decisionprof never writes snapshots; record them with tap (TAP_SNAPSHOT=1) first'];
  }
  var expected = entries[key].replace(/^\n|\n$/g, '');
  return expected === text ? [true, ''] : [false, message + '\nExpected (stored):\n' + expected + '\nReceived:\n' + text];
}

module.exports = { matchSnapshot: matchSnapshot, format: format };
