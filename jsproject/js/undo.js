// decisionprof undo helpers, shared by both engines: snapshots and restorers of objects, of
// single properties and of state in internal slots, the integrity checks, and the read traps of
// the replay test. Evaluated as a function expression; called once, it returns the helpers.
// Boa's host prelude receives them as `host.undo`; under node `dp_node.js` calls it.
(function () {
  'use strict';
  // The engine logs writes made while speculating; these helpers take and restore snapshots.
  var gopd = Object.getOwnPropertyDescriptor;
  var defProp = Reflect.defineProperty;
  var delProp = Reflect.deleteProperty;
  var ownKeys = Reflect.ownKeys;
  var mapForEach = Map.prototype.forEach, setForEach = Set.prototype.forEach;
  var mapSet = Map.prototype.set, mapClear = Map.prototype.clear, setAdd = Set.prototype.add, setClear = Set.prototype.clear;
  var apply = Reflect.apply;
  var setProto = Reflect.setPrototypeOf;
  // Returns a function that puts `o` back into its current state (properties, array elements, Map/Set entries).
  function snapshot(o) {
    if (o === null || (typeof o !== 'object' && typeof o !== 'function')) return function () {};
    var keys = ownKeys(o);
    var descs = [];
    for (var i = 0; i < keys.length; i++) descs[i] = gopd(o, keys[i]);
    var entries = null;
    var kind = 0;
    if (o instanceof Map) {
      kind = 1; entries = [];
      apply(mapForEach, o, [function (v, k) { entries[entries.length] = k; entries[entries.length] = v; }]);
    } else if (o instanceof Set) {
      kind = 2; entries = [];
      apply(setForEach, o, [function (v) { entries[entries.length] = v; }]);
    }
    var isArr = Array.isArray(o);
    var proto = Object.getPrototypeOf(o);
    var known = Object.create(null);
    for (var q = 0; q < keys.length; q++) if (typeof keys[q] === 'string') known[keys[q]] = true;
    return function restore() {
      if (Object.getPrototypeOf(o) !== proto) setProto(o, proto);
      var now = ownKeys(o);
      for (var j = 0; j < now.length; j++) {
        var had = typeof now[j] === 'string' ? known[now[j]] === true : keys.indexOf(now[j]) >= 0;
        if (!had) delProp(o, now[j]);
      }
      if (isArr) {
        for (var a = 0; a < keys.length; a++) if (keys[a] === 'length') defProp(o, 'length', descs[a]);
      }
      for (var k = 0; k < keys.length; k++) {
        var cur = gopd(o, keys[k]);
        if (!cur || !sameDesc(cur, descs[k])) defProp(o, keys[k], descs[k]);
      }
      if (kind === 1) { apply(mapClear, o, []); for (var m = 0; m < entries.length; m += 2) apply(mapSet, o, [entries[m], entries[m + 1]]); }
      else if (kind === 2) { apply(setClear, o, []); for (var s = 0; s < entries.length; s++) apply(setAdd, o, [entries[s]]); }
      restoreOrder(o, keys, descs);
    };
  }
  // A property deleted and defined again moves to the end: re-adds the keys from the first
  // misplaced one on, in their first order.
  function restoreOrder(o, keys, descs) {
    var now = ownKeys(o);
    if (now.length !== keys.length) return;
    for (var i = 0; i < keys.length; i++) {
      if (now[i] === keys[i]) continue;
      for (var j = i; j < keys.length; j++) if (descs[j].configurable) delProp(o, keys[j]);
      for (var q = i; q < keys.length; q++) if (descs[q].configurable) defProp(o, keys[q], descs[q]);
      return;
    }
  }
  function sameDesc(a, b) {
    return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable && a.enumerable === b.enumerable && a.configurable === b.configurable;
  }
  // Restores one property to a descriptor taken by gopd (undefined: the property did not exist).
  function restoreProp(o, k, desc) {
    if (desc === undefined) delProp(o, k);
    else defProp(o, k, desc);
  }

  // State in internal slots (engine/src/internals.rs): restorers and the integrity checks.
  var TypedArray = Object.getPrototypeOf(Int8Array);
  var taSlice = TypedArray.prototype.slice, taSet = TypedArray.prototype.set;
  var dateGet = Date.prototype.getTime, dateSet = Date.prototype.setTime;
  var wmHas = WeakMap.prototype.has, wmGet = WeakMap.prototype.get, wmSet = WeakMap.prototype.set, wmDel = WeakMap.prototype['delete'];
  var wsHas = WeakSet.prototype.has, wsAdd = WeakSet.prototype.add, wsDel = WeakSet.prototype['delete'];
  var viewBuffer = gopd(DataView.prototype, 'buffer').get, viewOffset = gopd(DataView.prototype, 'byteOffset').get, viewLength = gopd(DataView.prototype, 'byteLength').get;
  var isFrozen = Object.isFrozen, isSealed = Object.isSealed, isExtensible = Object.isExtensible;
  // Returns a function that puts the internal state `kind` of `o` (for weak collections: the
  // entry of `key`) back as it is now.
  function saveInternal(kind, o, key) {
    if (kind === 'typed') {
      var copy = apply(taSlice, o, []);
      return function () { apply(taSet, o, [copy]); };
    }
    if (kind === 'view') {
      var bytes = new Uint8Array(apply(viewBuffer, o, []), apply(viewOffset, o, []), apply(viewLength, o, []));
      var saved = apply(taSlice, bytes, []);
      return function () { apply(taSet, bytes, [saved]); };
    }
    if (kind === 'date') {
      var t = apply(dateGet, o, []);
      return function () { apply(dateSet, o, [t]); };
    }
    if (kind === 'weakmap') {
      var had = apply(wmHas, o, [key]), old = had ? apply(wmGet, o, [key]) : undefined;
      return function () { if (had) apply(wmSet, o, [key, old]); else apply(wmDel, o, [key]); };
    }
    if (kind === 'weakset') {
      var was = apply(wsHas, o, [key]);
      return function () { if (was) apply(wsAdd, o, [key]); else apply(wsDel, o, [key]); };
    }
    return function () {};
  }
  function changesNothing(d, cur) {
    for (var k in d) if (!(k in cur) || cur[k] !== d[k]) return false;
    return true;
  }
  // Whether defining `d` on `o[k]` leaves a property undo cannot delete or redefine.
  function lockedDefine(o, k, d) {
    if (d === null || typeof d !== 'object') return false;
    var cur = gopd(o, k);
    if (cur && changesNothing(d, cur)) return false;
    if (d.configurable === true) return false;
    // an existing non-configurable writable property may still get a new value
    return !(cur && !cur.configurable && cur.writable && !('get' in d) && !('set' in d) && d.writable !== false);
  }
  // Whether the integrity call `kind` on `o` changes what undo cannot restore.
  function irreversible(kind, o, a, b) {
    if (o === null || (typeof o !== 'object' && typeof o !== 'function')) return false;
    if (kind === 'freeze') return !isFrozen(o);
    if (kind === 'seal') return !isSealed(o);
    if (kind === 'preventExtensions') return isExtensible(o);
    if (kind === 'define') return lockedDefine(o, a, b);
    if (kind === 'defines') {
      if (a === null || typeof a !== 'object') return false;
      var ks = ownKeys(a);
      for (var i = 0; i < ks.length; i++) if (lockedDefine(o, ks[i], a[ks[i]])) return true;
    }
    return false;
  }

  // Makes reads of the given own data properties (props: [o1, k1, o2, k2, ...]) and of the
  // given Maps/Sets observable; returns { fired(), remove() }. Used by the replay test.
  function trapReads(props, objs) {
    var fired = false;
    var undo = [];
    function trapProp(o, k) {
      var d = gopd(o, k);
      if (!d || !d.configurable || !('value' in d)) return;
      var val = d.value;
      if (!defProp(o, k, {
        get: function () { fired = true; return val; },
        set: function (v) { val = v; },
        enumerable: d.enumerable,
        configurable: true
      })) return;
      undo[undo.length] = function () { defProp(o, k, d); };
    }
    function trapCollection(o) {
      var proto = Object.getPrototypeOf(o);
      var isMap = o instanceof Map;
      if (!isMap && !(o instanceof Set)) return;
      var base = isMap ? Map.prototype : Set.prototype;
      var trap = Object.create(proto);
      ['get', 'has', 'forEach', 'entries', 'keys', 'values'].forEach(function (n) {
        var f = base[n];
        if (typeof f === 'function') defProp(trap, n, { value: function () { fired = true; return apply(f, this, arguments); }, configurable: true, writable: true });
      });
      var it = base[Symbol.iterator];
      defProp(trap, Symbol.iterator, { value: function () { fired = true; return apply(it, this, arguments); }, configurable: true, writable: true });
      var size = Object.getOwnPropertyDescriptor(base, 'size').get;
      defProp(trap, 'size', { get: function () { fired = true; return apply(size, this, []); }, configurable: true });
      if (!setProto(o, trap)) return;
      undo[undo.length] = function () { setProto(o, proto); };
    }
    for (var i = 0; i + 1 < props.length; i += 2) trapProp(props[i], props[i + 1]);
    for (var j = 0; j < objs.length; j++) trapCollection(objs[j]);
    return {
      fired: function () { return fired; },
      remove: function () { for (var u = undo.length - 1; u >= 0; u--) undo[u](); }
    };
  }
  return {
    gopd: gopd,
    restoreProp: restoreProp,
    snapshot: snapshot,
    saveInternal: saveInternal,
    irreversible: irreversible,
    trapReads: trapReads
  };
})
