// decisionprof host, Node's `querystring`.
'use strict';
var hasOwn = Object.prototype.hasOwnProperty;
function qsEscape(s) { return encodeURIComponent(s).replace(/[!'()*]/g, function (c) { return '%' + c.charCodeAt(0).toString(16).toUpperCase(); }); }
function qsUnescape(s) { try { return decodeURIComponent(s); } catch (e) { return unescape(s); } }
var querystring = {
  escape: qsEscape,
  unescape: qsUnescape,
  parse: function (str, sep, eq, options) {
    sep = sep || '&'; eq = eq || '=';
    var out = Object.create(null);
    if (typeof str !== 'string' || str.length === 0) return out;
    var max = options && typeof options.maxKeys === 'number' ? options.maxKeys : 1000;
    var parts = str.split(sep);
    if (max > 0 && parts.length > max) parts = parts.slice(0, max);
    var dec = options && options.decodeURIComponent || qsUnescape;
    parts.forEach(function (p) {
      var i = p.indexOf(eq);
      var k = dec((i >= 0 ? p.slice(0, i) : p).replace(/\+/g, ' '));
      var v = i >= 0 ? dec(p.slice(i + eq.length).replace(/\+/g, ' ')) : '';
      if (!hasOwn.call(out, k)) out[k] = v;
      else if (Array.isArray(out[k])) out[k].push(v);
      else out[k] = [out[k], v];
    });
    return out;
  },
  stringify: function (obj, sep, eq, options) {
    sep = sep || '&'; eq = eq || '=';
    var enc = options && options.encodeURIComponent || qsEscape;
    var prim = function (v) { return typeof v === 'string' ? v : typeof v === 'number' && isFinite(v) ? String(v) : typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : ''; };
    if (obj === null || typeof obj !== 'object') return '';
    return Object.keys(obj).map(function (k) {
      var v = obj[k];
      var ks = enc(prim(k)) + eq;
      return Array.isArray(v) ? v.map(function (x) { return ks + enc(prim(x)); }).join(sep) : ks + enc(prim(v));
    }).filter(function (s) { return s.length > 0; }).join(sep);
  }
};
querystring.decode = querystring.parse;
querystring.encode = querystring.stringify;

module.exports = { querystring: querystring };
