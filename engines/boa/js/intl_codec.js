// decisionprof Intl bridge: how values cross between the embedded engine and node as JSON (what
// JSON alone loses: undefined, NaN, infinities, -0, BigInt, Date). Shared by js/intl.js and
// js/intl_server.js; it calls no built-in that the engine replaces with a logging version.
(function () {
  'use strict';
  var isArray = Array.isArray, keys = Object.keys, getTime = Date.prototype.getTime;
  function enc(v) {
    if (v === undefined) return { $u: 1 };
    if (typeof v === 'number') return v !== v || v === Infinity || v === -Infinity || (v === 0 && 1 / v < 0) ? { $n: v === 0 ? '-0' : String(v) } : v;
    if (typeof v === 'bigint') return { $b: String(v) };
    if (v instanceof Date) return { $d: getTime.call(v) };
    if (v === null || typeof v !== 'object') return v;
    var out, i;
    if (isArray(v)) {
      out = [];
      for (i = 0; i < v.length; i++) out[i] = enc(v[i]);
      return out;
    }
    out = {};
    var ks = keys(v);
    for (i = 0; i < ks.length; i++) out[ks[i]] = enc(v[ks[i]]);
    return out;
  }
  function dec(v) {
    if (v === null || typeof v !== 'object') return v;
    var out, i;
    if (isArray(v)) {
      out = [];
      for (i = 0; i < v.length; i++) out[i] = dec(v[i]);
      return out;
    }
    if (v.$u === 1) return undefined;
    if (typeof v.$n === 'string') return v.$n === '-0' ? -0 : Number(v.$n);
    if (typeof v.$b === 'string') return BigInt(v.$b);
    if (typeof v.$d === 'number') return new Date(v.$d);
    out = {};
    var ks = keys(v);
    for (i = 0; i < ks.length; i++) out[ks[i]] = dec(v[ks[i]]);
    return out;
  }
  return { enc: enc, dec: dec };
})
