// decisionprof host prelude: String.prototype.localeCompare as node answers it with ICU's root
// collation. Boa built without its `intl` feature compares code units ("a_b" after "a'd", "B"
// before "a"), so a test that sorts names with `localeCompare` fails in Boa and passes under
// node. ICU orders the text in three levels, each over the whole string before the next:
// primary (whitespace, then punctuation and symbols in its own order, then digits, then letters
// without case or accents; other scripts after Latin), secondary (accents), tertiary (lowercase
// before uppercase). `options.sensitivity` ('base', 'accent', 'case', 'variant') and
// `options.numeric` are honoured; a locale's own tailoring (Swedish "ä" after "z") is not: every
// locale sorts as the root one. Evaluated by engines/boa/src/host.rs before the native-cost wrappers.
(function () {
  'use strict';
  // ICU's root order of ASCII whitespace, punctuation and symbols (as node 20 sorts them)
  var VARIABLE = '\t\n\u000b\f\r _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
  // ICU's order of the accents (combining marks) at the secondary level, ties on one line;
  // a mark not listed comes after them, by code point
  var ACCENTS = [[0x34f], [0x332], [0x313, 0x343], [0x314], [0x301, 0x341], [0x300, 0x340],
    [0x306], [0x302], [0x30c], [0x30a], [0x342], [0x308], [0x344], [0x30b], [0x303], [0x307],
    [0x338], [0x327], [0x328], [0x304]];
  var ACCENT_RANK = {};
  ACCENTS.forEach(function (tie, i) { tie.forEach(function (cp) { ACCENT_RANK[cp] = i + 1; }); });
  var STROKE_RANK = ACCENT_RANK[0x338];
  var EXPANDED_RANK = ACCENTS.length + 1;
  // letters that sort as two, told apart from the pair written out at the secondary level
  var EXPAND = { 'æ': 'ae', 'Æ': 'AE', 'œ': 'oe', 'Œ': 'OE', 'ß': 'ss', 'ẞ': 'SS' };
  // letters with a stroke: the base letter with the accent of U+0338 (a long solidus)
  var STROKE = { 'ø': 'o', 'Ø': 'O', 'đ': 'd', 'Đ': 'D', 'ł': 'l', 'Ł': 'L', 'ħ': 'h', 'Ħ': 'H' };
  var LETTER = /\p{L}/u;
  var MARK = /\p{M}/u;
  var IGNORABLE = /[\u0000-\u0008\u000e-\u001f\u007f\u200b-\u200d\ufeff]/;
  var DIGITS = 1e7;
  var LETTERS = 2e7;

  // the collation elements of `s`: [primary, secondary, tertiary] each
  function elements(s, numeric) {
    var out = [];
    var chars = Array.from(String(s).normalize('NFD'));
    for (var i = 0; i < chars.length; i++) {
      var ch = chars[i];
      if (MARK.test(ch)) {
        var cp = ch.codePointAt(0);
        var rank = ACCENT_RANK[cp] || 64 + cp;
        if (out.length) out[out.length - 1][1] = out[out.length - 1][1] * 0x20000 + rank;
        continue;
      }
      if (IGNORABLE.test(ch)) continue;
      if (ch >= '0' && ch <= '9') {
        if (!numeric) { out.push([DIGITS + ch.charCodeAt(0) - 48, 0, 0]); continue; }
        var j = i;
        while (j < chars.length && chars[j] >= '0' && chars[j] <= '9') j++;
        var run = chars.slice(i, j).join('').replace(/^0+(?=\d)/, '');
        out.push([DIGITS + run.length, 0, 0]);
        for (var k = 0; k < run.length; k++) out.push([DIGITS + run.charCodeAt(k) - 48, 0, 0]);
        i = j - 1;
        continue;
      }
      var v = VARIABLE.indexOf(ch);
      if (v >= 0) { out.push([1 + v, 0, 0]); continue; }
      var expanded = EXPAND[ch];
      if (expanded !== undefined) {
        for (var e = 0; e < expanded.length; e++) {
          var x = letter(expanded[e]);
          x[1] = EXPANDED_RANK;
          out.push(x);
        }
        continue;
      }
      var base = STROKE[ch];
      if (base !== undefined) {
        var el = letter(base);
        el[1] = STROKE_RANK;
        out.push(el);
        continue;
      }
      out.push(LETTER.test(ch) ? letter(ch) : [100 + ch.codePointAt(0), 0, 0]);
    }
    return out;
  }
  function letter(ch) {
    var lower = ch.toLowerCase();
    return [LETTERS + (Array.from(lower)[0] || ch).codePointAt(0), 0, lower !== ch ? 1 : 0];
  }
  function compareAt(a, b, level) {
    var n = Math.min(a.length, b.length);
    for (var i = 0; i < n; i++) {
      if (a[i][level] !== b[i][level]) return a[i][level] < b[i][level] ? -1 : 1;
    }
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }
  function localeCompare(that) {
    if (this === null || this === undefined) {
      throw new TypeError('String.prototype.localeCompare called on null or undefined');
    }
    var options = arguments[2];
    var o = options !== null && typeof options === 'object' ? options : {};
    var numeric = o.numeric === true;
    var sensitivity = typeof o.sensitivity === 'string' ? o.sensitivity : 'variant';
    var a = elements(this, numeric), b = elements(that, numeric);
    var r = compareAt(a, b, 0);
    if (r !== 0 || sensitivity === 'base') return r;
    if (sensitivity !== 'case') {
      r = compareAt(a, b, 1);
      if (r !== 0 || sensitivity === 'accent') return r;
    }
    return compareAt(a, b, 2);
  }
  Object.defineProperty(String.prototype, 'localeCompare', {
    value: localeCompare, writable: true, configurable: true, enumerable: false
  });
});
