// decisionprof host prelude: `Intl` and the built-ins' locale methods (Number, BigInt and Date
// `toLocaleString`…, Array `toLocaleString`, String `toLocaleUpperCase`/`toLocaleLowerCase` with a
// locale) answered by node, so they format exactly as under node (Boa is built without its own
// Intl). Each formatter keeps its locales and options; each answer is cached by the whole
// request (service, locales, options, method, arguments), so a hot loop asks node once per
// distinct value, even when it makes a new formatter each time. Host state only: nothing here is visible to
// the program as a write. Evaluated by engines/boa/src/host.rs before the native-cost wrappers.
(function (host, codec) {
  'use strict';
  var stringify = JSON.stringify, parse = JSON.parse;
  var WM = WeakMap, wmGet = WeakMap.prototype.get, wmSet = WeakMap.prototype.set;
  var M = Map, mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapHas = Map.prototype.has;
  var defineProperty = Object.defineProperty, create = Object.create, keys = Object.keys;
  var isArray = Array.isArray;
  var CACHE_LIMIT = 10000;
  var slots = new WM();

  // node's answer as it crossed (encoded): each caller decodes its own arrays and objects
  function askEncoded(request) {
    var a = parse(host.intl(stringify(request)));
    if (a.e) throw named(a.e);
    return a.v;
  }
  function ask(request) { return codec.dec(askEncoded(request)); }
  function named(e) {
    var C = { RangeError: RangeError, TypeError: TypeError, SyntaxError: SyntaxError, ReferenceError: ReferenceError }[e[0]] || Error;
    return new C(e[1]);
  }
  // a cache of answers by request text, emptied when full
  function Cache() { this.map = new M(); this.size = 0; }
  Cache.prototype.answer = function (request) {
    var key = stringify(request);
    if (mapHas.call(this.map, key)) return codec.dec(mapGet.call(this.map, key));
    var v = askEncoded(request);
    if (this.size >= CACHE_LIMIT) { this.map = new M(); this.size = 0; }
    mapSet.call(this.map, key, v);
    this.size++;
    return codec.dec(v);
  };
  // one for every formatter and locale method: formatters made afresh for each call share it
  var answers = new Cache();
  // locales and options as node will read them: a plain copy of what the program passed
  function plainOptions(o) {
    if (o === undefined) return undefined;
    if (o === null) throw new TypeError('Cannot convert undefined or null to object');
    if (typeof o !== 'object' && typeof o !== 'function') return {};
    var out = {};
    for (var k in o) {
      var v = o[k];
      if (typeof v !== 'function' && typeof v !== 'symbol') out[k] = codec.enc(v);
    }
    return out;
  }
  function plainLocales(l) {
    if (l === undefined || typeof l === 'string') return l === undefined ? codec.enc(l) : l;
    if (isArray(l)) {
      var out = [];
      for (var i = 0; i < l.length; i++) out[i] = String(l[i]);
      return out;
    }
    return codec.enc(l);
  }
  function encArgs(args) {
    var out = [];
    for (var i = 0; i < args.length; i++) out[i] = codec.enc(args[i]);
    return out;
  }

  // one Intl service: a constructor keeping (locales, options), its methods asking node
  function service(kind, methods, getters, callable) {
    var C = function () {
      if (new.target === undefined && !callable) throw new TypeError("Constructor Intl." + kind + " requires 'new'");
      var self = new.target === undefined ? create(C.prototype) : this;
      var s = { k: kind, l: plainLocales(arguments[0]), o: plainOptions(arguments[1]), bound: {} };
      // a bad locale or option throws here, as node's constructor does
      call(s, 'resolvedOptions', []);
      wmSet.call(slots, self, s);
      return self;
    };
    defineProperty(C, 'name', { value: kind });
    function slot(that, name) {
      var s = that !== null && typeof that === 'object' ? wmGet.call(slots, that) : undefined;
      if (!s || s.k !== kind) throw new TypeError('Method Intl.' + kind + '.prototype.' + name + ' called on incompatible receiver ' + String(that));
      return s;
    }
    function call(s, m, args) {
      // a date formatter's "now" is the engine's (a test's fake clock included), never cached
      if (kind === 'DateTimeFormat' && (args.length === 0 || args[0] === undefined) && m.slice(0, 6) === 'format') args = [Date.now()];
      return answers.answer({ k: kind, l: s.l, o: s.o, m: m, a: encArgs(args) });
    }
    methods.forEach(function (m) {
      var f = function () { return call(slot(this, m), m, arguments); };
      defineProperty(f, 'name', { value: m });
      defineProperty(C.prototype, m, { value: f, writable: true, configurable: true });
    });
    // `format` and `compare` are getters of functions bound to their formatter
    getters.forEach(function (m) {
      var get = function () {
        var s = slot(this, m);
        if (!s.bound[m]) s.bound[m] = m === 'compare' ? function (x, y) { return call(s, m, [x, y]); } : function (x) { return call(s, m, [x]); };
        return s.bound[m];
      };
      defineProperty(get, 'name', { value: 'get ' + m });
      defineProperty(C.prototype, m, { get: get, configurable: true });
    });
    defineProperty(C.prototype, 'resolvedOptions', {
      value: function resolvedOptions() { return call(slot(this, 'resolvedOptions'), 'resolvedOptions', []); }, writable: true, configurable: true
    });
    defineProperty(C.prototype, Symbol.toStringTag, { value: 'Intl.' + kind, configurable: true });
    defineProperty(C, 'supportedLocalesOf', {
      value: function supportedLocalesOf(l, o) { return ask({ s: 'supportedLocalesOf', k: kind, a: [plainLocales(l), plainOptions(o) || codec.enc(undefined)] }); },
      writable: true, configurable: true
    });
    return C;
  }

  var Intl = {};
  var services = {
    NumberFormat: [['formatToParts', 'formatRange', 'formatRangeToParts'], ['format'], true],
    DateTimeFormat: [['formatToParts', 'formatRange', 'formatRangeToParts'], ['format'], true],
    Collator: [[], ['compare'], true],
    PluralRules: [['select', 'selectRange'], [], false],
    RelativeTimeFormat: [['format', 'formatToParts'], [], false],
    ListFormat: [['format', 'formatToParts'], [], false],
    DisplayNames: [['of'], [], false],
    Segmenter: [[], [], false]
  };
  keys(services).forEach(function (kind) {
    var d = services[kind];
    defineProperty(Intl, kind, { value: service(kind, d[0], d[1], d[2]), writable: true, configurable: true });
  });
  // a segmenter's segments: node lists them; iterable, with `containing(index)`
  defineProperty(Intl.Segmenter.prototype, 'segment', {
    value: function segment(input) {
      var s = wmGet.call(slots, this);
      if (!s || s.k !== 'Segmenter') throw new TypeError('Method Intl.Segmenter.prototype.segment called on incompatible receiver ' + String(this));
      var list = answers.answer({ k: 'Segmenter', l: s.l, o: s.o, m: 'segment', a: [String(input)] });
      var segments = create(null);
      segments[Symbol.iterator] = function () { return list[Symbol.iterator](); };
      segments.containing = function (i) {
        var n = i === undefined ? 0 : Math.trunc(Number(i)) || 0;
        for (var j = 0; j < list.length; j++) if (n >= list[j].index && n < list[j].index + list[j].segment.length) return list[j];
        return undefined;
      };
      return segments;
    },
    writable: true, configurable: true
  });
  // Intl.Locale: node's answers for every getter and method, taken when it is made; its class
  // built at first use, with the members node's has
  var localeSlots = new WM();
  function localeClass() {
    var shape = ask({ k: 'Locale', m: '$members' });
    var L = function Locale(tag, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.Locale requires 'new'");
      var t = tag !== null && typeof tag === 'object' && wmGet.call(localeSlots, tag) ? String(tag) : tag;
      if (typeof t !== 'string' && (t === null || typeof t !== 'object')) throw new TypeError('First argument to Intl.Locale constructor can\'t be empty or missing');
      var snap = askEncoded({ k: 'Locale', l: typeof t === 'string' ? t : String(t), o: plainOptions(options), m: '$snapshot' });
      wmSet.call(localeSlots, this, snap);
    };
    function data(that, name) {
      var s = that !== null && typeof that === 'object' ? wmGet.call(localeSlots, that) : undefined;
      if (!s) throw new TypeError('Method Intl.Locale.prototype.' + name + ' called on incompatible receiver ' + String(that));
      return s;
    }
    shape.getters.forEach(function (name) {
      defineProperty(L.prototype, name, { get: function () { return codec.dec(data(this, name).props[name]); }, configurable: true });
    });
    shape.methods.forEach(function (name) {
      defineProperty(L.prototype, name, {
        value: function () {
          var c = data(this, name).calls[name];
          if (c.error) throw named(c.error);
          return c.locale !== undefined ? new L(c.locale) : codec.dec(c.value);
        },
        writable: true, configurable: true
      });
    });
    defineProperty(L.prototype, Symbol.toStringTag, { value: 'Intl.Locale', configurable: true });
    return L;
  }
  defineProperty(Intl, 'Locale', {
    get: function () {
      var L = localeClass();
      defineProperty(Intl, 'Locale', { value: L, writable: true, configurable: true });
      return L;
    },
    set: function (v) { defineProperty(Intl, 'Locale', { value: v, writable: true, configurable: true }); },
    configurable: true
  });
  ['getCanonicalLocales', 'supportedValuesOf'].forEach(function (name) {
    var f = function (x) { return ask({ s: name, a: [name === 'getCanonicalLocales' ? plainLocales(x) : codec.enc(x)] }); };
    defineProperty(f, 'name', { value: name });
    defineProperty(Intl, name, { value: f, writable: true, configurable: true });
  });
  defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true });
  defineProperty(globalThis, 'Intl', { value: Intl, writable: true, configurable: true });

  // the built-ins' locale methods, as node answers them
  function localeMethod(proto, p, m, check) {
    var f = function () {
      var t = check(this, m);
      return answers.answer({ p: p, m: m, t: codec.enc(t), a: [plainLocales(arguments[0]), plainOptions(arguments[1]) || codec.enc(undefined)] });
    };
    defineProperty(f, 'name', { value: m });
    defineProperty(proto, m, { value: f, writable: true, configurable: true });
  }
  function thisNumber(v, m) {
    if (typeof v === 'number') return v;
    if (v instanceof Number) return Number.prototype.valueOf.call(v);
    throw new TypeError('Number.prototype.' + m + ' requires that \'this\' be a Number');
  }
  function thisBigInt(v, m) {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'object' && v !== null) return BigInt.prototype.valueOf.call(v);
    throw new TypeError('BigInt.prototype.' + m + ' requires that \'this\' be a BigInt');
  }
  var dateValue = Date.prototype.getTime;
  function thisDate(v, m) {
    if (!(v instanceof Date)) throw new TypeError('this is not a Date object.');
    var t = dateValue.call(v);
    return t === t ? v : new Date(NaN);
  }
  localeMethod(Number.prototype, 'Number', 'toLocaleString', thisNumber);
  localeMethod(BigInt.prototype, 'BigInt', 'toLocaleString', thisBigInt);
  ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].forEach(function (m) {
    localeMethod(Date.prototype, 'Date', m, thisDate);
  });
  // Array's joins its elements' own toLocaleString with ',' (as node does)
  defineProperty(Array.prototype, 'toLocaleString', {
    value: function toLocaleString() {
      var o = Object(this), n = o.length >>> 0, out = '';
      for (var i = 0; i < n; i++) {
        if (i > 0) out += ',';
        var e = o[i];
        if (e !== undefined && e !== null) out += e.toLocaleString(arguments[0], arguments[1]);
      }
      return out;
    },
    writable: true, configurable: true
  });
  // a case mapping with a locale asks node (Turkish dotless i); without one it is the plain one
  var upper = String.prototype.toUpperCase, lower = String.prototype.toLowerCase;
  [['toLocaleUpperCase', upper], ['toLocaleLowerCase', lower]].forEach(function (pair) {
    var m = pair[0], plain = pair[1];
    var f = function (locales) {
      if (this === null || this === undefined) throw new TypeError('String.prototype.' + m + ' called on null or undefined');
      var s = String(this);
      if (locales === undefined) return plain.call(s);
      return answers.answer({ p: 'String', m: m, t: s, a: [plainLocales(locales)] });
    };
    defineProperty(f, 'name', { value: m });
    defineProperty(String.prototype, m, { value: f, writable: true, configurable: true });
  });
});
