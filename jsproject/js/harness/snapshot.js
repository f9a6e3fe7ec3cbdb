// decisionprof test harness: jest/vitest snapshot assertions against the project's stored
// snapshots, the matchers expect.js calls. `toMatchSnapshot` reads
// `__snapshots__/<test file>.snap` next to the test file; `toMatchInlineSnapshot` compares with
// its argument. Values are printed as pretty-format prints them for snapshots (keys sorted,
// `[Function]`), in the current form (`{`/`[`, strings as they are) or the one before jest 29
// (`Object {`/`Array [`, escaped strings), whichever the stored snapshot uses. Nothing is ever
// written: a missing snapshot fails the test saying so.
'use strict';
var running = require('./running');
var hasOwn = Object.prototype.hasOwnProperty;

// ---------------------------------------------------------------- pretty-format
function print(v, legacy) {
  return fmt(v, '', [], legacy);
}
function str(s, legacy) {
  return '"' + (legacy ? s.replace(/"|\\/g, '\\$&') : s) + '"';
}
function fmt(v, indent, seen, legacy, calledToJSON) {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  switch (typeof v) {
    case 'boolean': return String(v);
    case 'number': return Object.is(v, -0) ? '-0' : String(v);
    case 'bigint': return String(v) + 'n';
    case 'string': return str(v, legacy);
    case 'symbol': return v.toString();
    case 'function': return '[Function]';
  }
  if (seen.indexOf(v) >= 0) return '[Circular]';
  if (v instanceof Date) return isNaN(v.getTime()) ? 'Date { NaN }' : v.toISOString();
  if (v instanceof RegExp) return String(v);
  if (v instanceof Error) return '[' + (v.name || 'Error') + ': ' + v.message + ']';
  // pretty-format prints what a `toJSON` method returns, once
  if (!calledToJSON && typeof v.toJSON === 'function') return fmt(v.toJSON(), indent, seen, legacy, true);
  var node = domKind(v);
  if (node) return markup(v, node, indent, seen.concat([v]), legacy);
  var inner = indent + '  ';
  var next = seen.concat([v]);
  var item = function (x) { return fmt(x, inner, next, legacy); };
  var block = function (open, lines, close) {
    return lines.length ? open + '\n' + lines.map(function (l) { return inner + l + ','; }).join('\n') + '\n' + indent + close : open + close;
  };
  var tag = Object.prototype.toString.call(v).slice(8, -1);
  if (Array.isArray(v) || ArrayBuffer.isView(v) || tag === 'Arguments') {
    var name = Array.isArray(v) ? (legacy || Object.getPrototypeOf(v) !== Array.prototype ? ctorName(v, 'Array') + ' ' : '') : (tag === 'Arguments' ? 'Arguments ' : ctorName(v, tag) + ' ');
    return block(name + '[', Array.prototype.map.call(v, item), ']');
  }
  if (v instanceof Map) {
    return block('Map {', Array.from(v).map(function (e) { return item(e[0]) + ' => ' + item(e[1]); }), '}');
  }
  if (v instanceof Set) return block('Set {', Array.from(v).map(item), '}');
  // a constructor's name, but `Object`'s (or none: a null prototype) only when jest prints it
  var named = ctorName(v, 'Object');
  var prefix = named === 'Object' ? (legacy ? 'Object ' : '') : named + ' ';
  var keys = Object.keys(v).sort();
  var lines = keys.map(function (k) { return str(k, legacy) + ': ' + item(v[k]); });
  Object.getOwnPropertySymbols(v).forEach(function (s) {
    if (Object.getOwnPropertyDescriptor(v, s).enumerable) lines.push(s.toString() + ': ' + item(v[s]));
  });
  return block(prefix + '{', lines, '}');
}
// DOM nodes as the snapshot serializers' DOM plugin prints them, as markup: an element
// (nodeType 1 and an `…Element` constructor or a custom element's tag with a dash), a text
// (3, `Text`), a comment (8, `Comment`) or a fragment (11, `DocumentFragment`); domhandler's
// and jsdom's nodes are such
var ELEMENT_CTOR = /^((HTML|SVG)\w*)?Element$/;
function domKind(v) {
  var name, type, tag;
  try {
    name = v.constructor && v.constructor.name;
    type = v.nodeType;
    tag = v.tagName;
  } catch (e) { return 0; }
  if (!name) return 0;
  if (type === 1 && (ELEMENT_CTOR.test(name) || (typeof tag === 'string' && tag.indexOf('-') >= 0))) return 1;
  if ((type === 3 && name === 'Text') || (type === 8 && name === 'Comment') || (type === 11 && name === 'DocumentFragment')) return type;
  return 0;
}
function escapeMarkup(text) { return String(text).replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
function markup(v, kind, indent, seen, legacy) {
  if (kind === 3) return escapeMarkup(v.data);
  if (kind === 8) return '<!--' + escapeMarkup(v.data) + '-->';
  var inner = indent + '  ';
  var type = kind === 11 ? 'DocumentFragment' : String(v.tagName).toLowerCase();
  var attributes = kind === 11 ? [] : Array.from(v.attributes || []);
  var values = {};
  attributes.forEach(function (a) { values[a.name] = a.value; });
  var props = attributes.map(function (a) { return a.name; }).sort().map(function (name) {
    var value = values[name];
    var printed = fmt(value, inner, seen, legacy);
    if (typeof value !== 'string') printed = '{' + (printed.indexOf('\n') >= 0 ? '\n' + inner + printed + '\n' + inner : printed) + '}';
    return '\n' + inner + name + '=' + printed;
  }).join('');
  var children = Array.prototype.slice.call(v.childNodes || v.children || []).map(function (c) {
    return '\n' + inner + (typeof c === 'string' ? escapeMarkup(c) : fmt(c, inner, seen, legacy));
  }).join('');
  var open = '<' + type + (props ? props + '\n' + indent : '');
  return children ? open + '>' + children + '\n' + indent + '</' + type + '>' : open + (props ? '' : ' ') + '/>';
}
function ctorName(v, dflt) {
  var c = v.constructor;
  return (c && typeof c.name === 'string' && c.name) || dflt;
}
function withBreaks(s) { return s.indexOf('\n') >= 0 ? '\n' + s + '\n' : s; }

// ---------------------------------------------------------------- stored snapshots
var files = {}; // .snap path -> { key: value } or null when there is none
function fsModule() {
  var p = globalThis.process;
  return p && typeof p.getBuiltinModule === 'function' ? p.getBuiltinModule('fs') : null;
}
function snapPath(testFile) {
  var slash = testFile.lastIndexOf('/');
  var dir = slash < 0 ? '' : testFile.slice(0, slash + 1);
  return dir + '__snapshots__/' + testFile.slice(slash + 1) + '.snap';
}
function stored(path) {
  if (hasOwn.call(files, path)) return files[path];
  var fs = fsModule();
  var text = null;
  try { text = fs ? fs.readFileSync(path, 'utf8') : null; } catch (e) { text = null; }
  var entries = null;
  if (text !== null) {
    entries = {};
    // jest ends each entry with `;`, tap does not
    var re = /^exports\[`((?:[^`\\]|\\[\s\S])*)`\] = `((?:[^`\\]|\\[\s\S])*)`;?$/gm;
    var m;
    while ((m = re.exec(text.replace(/\r\n/g, '\n')))) entries[unescape(m[1])] = unescape(m[2]);
  }
  files[path] = entries;
  return entries;
}
function unescape(s) { return s.replace(/\\([`\\$])/g, '$1'); }

// per test, in its latest run: how many snapshots each name has taken (`name 1`, `name 2`, …);
// a parent's count goes on after its subtests', and a test run again counts from 1
var counts = new WeakMap();
var NO_TEST = {};
function nextKey(name) {
  var t = running.get();
  var key = t !== null && typeof t === 'object' ? t : NO_TEST;
  var run = running.run(t);
  var c = counts.get(key);
  if (!c || c.run !== run) {
    c = { run: run, taken: Object.create(null) };
    counts.set(key, c);
  }
  c.taken[name] = (c.taken[name] || 0) + 1;
  return name + ' ' + c.taken[name];
}
// an inline snapshot takes its number among the test's snapshots too, as jest and vitest count
function countInline() {
  var t = running.get();
  if (t) nextKey(t.mochaTitle);
}
// [pass, message] for `received` against the stored snapshot of the running test
function matchStored(received, hint, printed) {
  var t = running.get();
  if (!t) return [false, 'toMatchSnapshot: no test is running'];
  // jest names a snapshot by the titles joined with spaces, vitest with ` > `
  var suffix = hint ? ': ' + hint : '';
  var jestKey = nextKey(t.mochaTitle + suffix);
  var vitestKey = t.name + suffix + jestKey.slice(jestKey.lastIndexOf(' '));
  var path = snapPath(t.file);
  var entries = stored(path);
  var key = entries && !hasOwn.call(entries, jestKey) && hasOwn.call(entries, vitestKey) ? vitestKey : jestKey;
  if (!entries || !hasOwn.call(entries, key)) {
    return [false, 'no stored snapshot `' + key + '` in ' + path + ': decisionprof never writes snapshots; record them with the project\'s own runner first'];
  }
  return compare(entries[key], received, printed);
}
// a thrown error's snapshot: jest stores its message (`printed`), vitest the error (`received`)
function compare(expected, received, printed) {
  var modern = withBreaks(printed !== undefined ? str(printed, false) : print(received, false));
  if (expected === modern) return [true, ''];
  if (printed !== undefined && received instanceof Error && expected === withBreaks(print(received, false))) return [true, ''];
  var legacy = withBreaks(printed !== undefined ? str(printed, true) : print(received, true));
  if (expected === legacy) return [true, ''];
  return [false, 'Snapshot does not match.\nExpected (stored):' + expected + '\nReceived:' + modern];
}
function stripIndentation(s) {
  var m = /^([^\S\n]*)\S/m.exec(s);
  if (!m) return s;
  var lines = s.split('\n');
  if (lines.length <= 2 || lines[0].trim() !== '' || lines[lines.length - 1].trim() !== '') return s;
  for (var i = 1; i < lines.length - 1; i++) {
    if (lines[i] === '') continue;
    if (lines[i].indexOf(m[1]) !== 0) return s;
    lines[i] = lines[i].slice(m[1].length);
  }
  lines[lines.length - 1] = '';
  return lines.join('\n');
}

module.exports = {
  print: print,
  stored: stored,
  nextKey: nextKey,
  toMatchSnapshot: function (received, a, b) {
    if (a !== null && typeof a === 'object') return [false, 'toMatchSnapshot with property matchers is not supported by decisionprof'];
    return matchStored(received, typeof a === 'string' ? a : b);
  },
  toMatchInlineSnapshot: function (received, a, b) {
    countInline();
    if (a !== null && typeof a === 'object') return [false, 'toMatchInlineSnapshot with property matchers is not supported by decisionprof'];
    if (typeof a !== 'string') return [false, 'toMatchInlineSnapshot() without a snapshot: decisionprof never writes snapshots; record it with the project\'s own runner first'];
    return compare(stripIndentation(a), received);
  },
  toThrowErrorMatchingSnapshot: function (received, hint, thrownMessage) {
    return matchStored(received, hint, thrownMessage);
  },
  toThrowErrorMatchingInlineSnapshot: function (received, inline, thrownMessage) {
    countInline();
    if (typeof inline !== 'string') return [false, 'toThrowErrorMatchingInlineSnapshot() without a snapshot: decisionprof never writes snapshots'];
    return compare(stripIndentation(inline), received, thrownMessage);
  }
};
