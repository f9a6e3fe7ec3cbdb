// decisionprof host prelude: dates read from text as node reads them. Boa reads the ISO format
// and the texts of `toString` and `toUTCString`; V8 reads much more ("Dec 25, 1995",
// "2019-01-25 10:30", "1995/12/17", "12/17/1995 13:30 GMT+0200", "Mon, 25 Dec 1995 13:30:00
// +0430"), so a test that builds a date from such a text gets NaN in Boa, or another time. Boa
// reads the ISO format; any other text is read here with V8's legacy rules (its date parser's
// tokens, day, time and zone composers), giving V8's time. `Date.parse` and `new Date(text)`
// are replaced; every other part of `Date` is Boa's, and dates are instances of both. Evaluated
// by engines/boa/src/host.rs before the native-cost wrappers.
(function () {
  'use strict';
  var NativeDate = Date;
  var nativeParse = Date.parse;
  // the setters as Boa has them, before anything wraps them: a date made here is nobody's
  var proto = Date.prototype;
  var setFullYear = proto.setFullYear, setHours = proto.setHours;
  var setUTCFullYear = proto.setUTCFullYear, setUTCHours = proto.setUTCHours, getTime = proto.getTime;
  // taken before the native-cost model wraps them: the shim stands for node's own Date, and a
  // `new Date(…)` charges nothing here either
  var argsOf = Array.prototype.slice, construct = Reflect.construct;
  var MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  // the words V8 knows by their first three letters (months may be longer): [kind, value]
  var WORDS = { am: ['ampm', 0], pm: ['ampm', 12], ut: ['zone', 0], utc: ['zone', 0],
    z: ['zone', 0], gmt: ['zone', 0], cdt: ['zone', -5], cst: ['zone', -6], edt: ['zone', -4],
    est: ['zone', -5], mdt: ['zone', -6], mst: ['zone', -7], pdt: ['zone', -7], pst: ['zone', -8],
    t: ['sep', 0] };
  var NONE = null;

  function between(x, lo, hi) { return x >= lo && x <= hi; }
  function isDigit(c) { return c >= '0' && c <= '9'; }
  function isSpace(c) { return /\s/.test(c); }

  // The text's tokens: {num, len}, {sym}, {word, kind, value}, {space} or {other}.
  function tokens(s) {
    var out = [];
    var i = 0;
    while (i < s.length) {
      var c = s[i];
      var start = i;
      if (isDigit(c)) {
        var n = 0;
        while (i < s.length && isDigit(s[i])) {
          if (n < 214748364) n = n * 10 + (s.charCodeAt(i) - 48);
          i++;
        }
        out.push({ num: n, len: i - start });
      } else if (':-+.)'.indexOf(c) >= 0) {
        out.push({ sym: c });
        i++;
      } else if ((/[A-Za-z]/.test(c) || c.charCodeAt(0) >= 128) && !isSpace(c)) {
        while (i < s.length && (/[A-Za-z]/.test(s[i]) || s.charCodeAt(i) >= 128) && !isSpace(s[i])) i++;
        var word = s.slice(start, i).toLowerCase();
        var pre = word.slice(0, 3);
        var month = MONTHS.indexOf(pre);
        var known = word.length <= 3 && hasOwn(WORDS, word) ? WORDS[word] : null;
        if (month >= 0 && word.length >= 3) out.push({ word: word, kind: 'month', value: month + 1 });
        else if (known) out.push({ word: word, kind: known[0], value: known[1] });
        else out.push({ word: word, kind: 'other', value: 0 });
      } else if (isSpace(c)) {
        while (i < s.length && isSpace(s[i])) i++;
        out.push({ space: true });
      } else if (c === '(') {
        var depth = 0;
        do {
          if (s[i] === '(') depth++;
          else if (s[i] === ')') depth--;
          i++;
        } while (i < s.length && depth > 0);
        out.push({ other: true });
      } else {
        out.push({ other: true });
        i++;
      }
    }
    return out;
  }
  function hasOwn(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

  // V8's legacy reading of `s`: the time in ms, or NaN.
  function legacy(s) {
    var toks = tokens(s);
    var pos = 0;
    function peek() { return toks[pos]; }
    function next() { return toks[pos++]; }
    function skipSym(c) { var t = peek(); if (t && t.sym === c) { pos++; return true; } return false; }
    var day = [], namedMonth = NONE;
    var time = [], hourOffset = NONE;
    var tz = { sign: NONE, hour: NONE, minute: NONE };
    function timeExpecting(n) {
      return (time.length === 1 && between(n, 0, 59)) || (time.length === 2 && between(n, 0, 59)) ||
        (time.length === 3 && between(n, 0, 999));
    }
    function timeAdd(n) { if (time.length >= 4) return false; time.push(n); return true; }
    function timeFinal(n) { if (!timeAdd(n)) return false; while (time.length < 4) time.push(0); return true; }
    function tzSet(hours) { tz.sign = hours < 0 ? -1 : 1; tz.hour = Math.abs(hours); tz.minute = 0; }
    function tzUTC() { return tz.hour === 0 && tz.minute === 0; }

    // the ISO date at the start (`yyyy[-MM[-DD]]`), as far as it goes
    var first = peek();
    if (first && first.num !== undefined && first.len === 4) {
      day.push(next().num);
      if (skipSym('-')) {
        var m = peek();
        if (m && m.num !== undefined && m.len === 2 && between(m.num, 1, 12)) {
          day.push(next().num);
          if (skipSym('-')) {
            var d = peek();
            if (d && d.num !== undefined && d.len === 2 && between(d.num, 1, 31)) day.push(next().num);
          }
        }
      }
      // an ISO time part that Boa did not read is not read here either
      if (peek() && peek().kind === 'sep') return NaN;
    }
    var hasNumber = day.length > 0;
    while (pos < toks.length) {
      var t = next();
      if (t.num !== undefined) {
        hasNumber = true;
        var n = t.num;
        if (skipSym(':')) {
          if (skipSym(':')) {
            if (time.length) return NaN;
            timeAdd(n);
            timeAdd(0);
          } else {
            if (!timeAdd(n)) return NaN;
            if (peek() && peek().sym === '.') next();
          }
        } else if (peek() && peek().sym === '.' && timeExpecting(n)) {
          next();
          timeAdd(n);
          var f = peek();
          if (!f || f.num === undefined) return NaN;
          next();
          // the fraction's first three digits
          var digits = String(f.num);
          while (digits.length < f.len) digits = '0' + digits;
          timeFinal(Number((digits + '00').slice(0, 3)));
        } else if (tz.hour !== NONE && tz.minute === NONE && between(n, 0, 59)) {
          tz.minute = n;
        } else if (timeExpecting(n)) {
          timeFinal(n);
          var after = peek();
          if (after && !after.space && !(after.kind === 'zone' && after.word === 'z') &&
              after.sym !== '+' && after.sym !== '-') return NaN;
        } else {
          if (day.length >= 3) return NaN;
          day.push(n);
          skipSym('-');
        }
      } else if (t.word !== undefined) {
        if (t.kind === 'ampm' && time.length) hourOffset = t.value;
        else if (t.kind === 'month') {
          namedMonth = t.value;
          skipSym('-');
        } else if (t.kind === 'zone' && hasNumber) tzSet(t.value);
        else {
          // a word V8 does not know is allowed only before the first number, apart from it
          if (hasNumber) return NaN;
          if (peek() && peek().num !== undefined) return NaN;
        }
      } else if ((t.sym === '+' || t.sym === '-') && (tzUTC() || time.length)) {
        tz.sign = t.sym === '-' ? -1 : 1;
        var num = 0, len = 0;
        if (peek() && peek().num !== undefined) {
          var nt = next();
          num = nt.num;
          len = nt.len;
        }
        hasNumber = true;
        if (peek() && peek().sym === ':') {
          tz.hour = num;
          tz.minute = NONE;
        } else if (len === 1 || len === 2) {
          tz.hour = num;
          tz.minute = 0;
        } else if (len === 3 || len === 4) {
          tz.hour = Math.floor(num / 100);
          tz.minute = num % 100;
        } else return NaN;
      } else if ((t.sym === '+' || t.sym === '-' || t.sym === ')') && hasNumber) {
        return NaN;
      }
    }
    return compose(day, namedMonth, time, hourOffset, tz);
  }

  // The time the composers' parts give (V8's DayComposer, TimeComposer, TimeZoneComposer).
  function compose(day, namedMonth, time, hourOffset, tz) {
    if (day.length < 1) return NaN;
    while (day.length < 3) day.push(1);
    var year = 0, month, date;
    var isDay = function (x) { return between(x, 1, 31); };
    if (namedMonth === NONE) {
      if (!isDay(day[0])) {
        year = day[0]; month = day[1]; date = day[2];
      } else {
        month = day[0]; date = day[1]; year = day[2];
      }
    } else {
      month = namedMonth;
      if (!isDay(day[0])) {
        year = day[0]; date = day[1];
      } else {
        date = day[0]; year = day[1];
      }
    }
    if (between(year, 0, 49)) year += 2000;
    else if (between(year, 50, 99)) year += 1900;
    if (!between(month, 1, 12) || !isDay(date)) return NaN;
    while (time.length < 4) time.push(0);
    var hour = time[0], minute = time[1], second = time[2], ms = time[3];
    if (hourOffset !== NONE) {
      if (!between(hour, 0, 12)) return NaN;
      hour = hour % 12 + hourOffset;
    }
    if (!between(hour, 0, 23) || !between(minute, 0, 59) || !between(second, 0, 59) || !between(ms, 0, 999)) {
      if (hour !== 24 || minute !== 0 || second !== 0 || ms !== 0) return NaN;
    }
    var d = new NativeDate(0);
    if (tz.sign === NONE) {
      setFullYear.call(d, year, month - 1, date);
      setHours.call(d, hour, minute, second, ms);
      return getTime.call(d);
    }
    setUTCFullYear.call(d, year, month - 1, date);
    setUTCHours.call(d, hour, minute, second, ms);
    var offset = ((tz.hour === NONE ? 0 : tz.hour) * 3600 + (tz.minute === NONE ? 0 : tz.minute) * 60) * tz.sign;
    return getTime.call(d) - offset * 1000;
  }

  // ISO dates and times (the spec's format) are Boa's to read; anything else is read here, as
  // Boa takes some texts it does not know for others ("… 11:30:00 PST" as UTC). V8 takes `t`
  // and `z` in either case (its keyword table has them); Boa only capitals.
  var ISO = /^[+-]?\d{4,6}(-\d\d(-\d\d)?)?(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?)?$/i;
  function parseText(text) {
    if (ISO.test(text)) return nativeParse.call(NativeDate, text.toUpperCase());
    return legacy(text);
  }

  var parse = {
    parse(string) { return parseText(String(string)); }
  }.parse;

  // a function expression: its name `Date` is not a binding of this prelude's scope
  var ReadingDate = function Date(year, month, day, hours, minutes, seconds, ms) {
    if (!new.target) return NativeDate();
    if (arguments.length === 1 && typeof year === 'string') {
      return construct(NativeDate, [parseText(year)], new.target);
    }
    return construct(NativeDate, argsOf.call(arguments), new.target);
  };
  Object.defineProperty(ReadingDate, 'prototype', { value: proto, writable: false });
  Object.defineProperty(proto, 'constructor', { value: ReadingDate, writable: true, configurable: true });
  ['now', 'UTC'].forEach(function (k) {
    Object.defineProperty(ReadingDate, k, { value: NativeDate[k], writable: true, configurable: true });
  });
  Object.defineProperty(ReadingDate, 'parse', { value: parse, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'Date', { value: ReadingDate, writable: true, configurable: true });
})
