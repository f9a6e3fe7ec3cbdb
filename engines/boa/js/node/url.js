// decisionprof host, Node's `url`: the WHATWG `URL` and `URLSearchParams` (on the engine's URL
// parser, `host.urlParse`), file URLs, and the legacy `parse`, `format` and `resolve`.
'use strict';
var host = require('decisionprof:host');
var path = require('path');
var querystring = require('querystring');
var qsUnescape = querystring.unescape;
function URLSearchParams(init) {
  if (!(this instanceof URLSearchParams)) throw new TypeError("Class constructor URLSearchParams cannot be invoked without 'new'");
  this._list = [];
  this._url = null;
  if (typeof init === 'string') this._parse(init);
  else if (init && typeof init === 'object') {
    var self = this;
    if (typeof init[Symbol.iterator] === 'function') Array.from(init).forEach(function (p) { self._list.push([String(p[0]), String(p[1])]); });
    else Object.keys(init).forEach(function (k) { self._list.push([k, String(init[k])]); });
  }
}
URLSearchParams.prototype._parse = function (s) {
  this._list = [];
  s = String(s).replace(/^\?/, '');
  if (!s) return;
  var self = this;
  s.split('&').forEach(function (p) {
    if (!p) return;
    var i = p.indexOf('=');
    var d = function (x) { return qsUnescape(x.replace(/\+/g, ' ')); };
    self._list.push(i >= 0 ? [d(p.slice(0, i)), d(p.slice(i + 1))] : [d(p), '']);
  });
};
URLSearchParams.prototype._update = function () {
  if (this._url) { var s = this.toString(); this._url._set('search', s ? '?' + s : ''); }
};
URLSearchParams.prototype.append = function (k, v) { this._list.push([String(k), String(v)]); this._update(); };
URLSearchParams.prototype.delete = function (k) { k = String(k); this._list = this._list.filter(function (p) { return p[0] !== k; }); this._update(); };
URLSearchParams.prototype.get = function (k) { k = String(k); var p = this._list.find(function (x) { return x[0] === k; }); return p ? p[1] : null; };
URLSearchParams.prototype.getAll = function (k) { k = String(k); return this._list.filter(function (p) { return p[0] === k; }).map(function (p) { return p[1]; }); };
URLSearchParams.prototype.has = function (k) { k = String(k); return this._list.some(function (p) { return p[0] === k; }); };
URLSearchParams.prototype.set = function (k, v) {
  k = String(k);
  var i = this._list.findIndex(function (p) { return p[0] === k; });
  if (i < 0) this._list.push([k, String(v)]);
  else { this._list[i][1] = String(v); this._list = this._list.filter(function (p, j) { return j <= i || p[0] !== k; }); }
  this._update();
};
URLSearchParams.prototype.sort = function () { this._list.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; }); this._update(); };
URLSearchParams.prototype.forEach = function (f, thisArg) { var self = this; this._list.forEach(function (p) { f.call(thisArg, p[1], p[0], self); }); };
URLSearchParams.prototype.keys = function () { return this._list.map(function (p) { return p[0]; })[Symbol.iterator](); };
URLSearchParams.prototype.values = function () { return this._list.map(function (p) { return p[1]; })[Symbol.iterator](); };
URLSearchParams.prototype.entries = function () { return this._list.map(function (p) { return [p[0], p[1]]; })[Symbol.iterator](); };
URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
URLSearchParams.prototype.toString = function () {
  var e = function (s) { return encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, function (c) { return '%' + c.charCodeAt(0).toString(16).toUpperCase(); }); };
  return this._list.map(function (p) { return e(p[0]) + '=' + e(p[1]); }).join('&');
};
Object.defineProperty(URLSearchParams.prototype, 'size', { get: function () { return this._list.length; } });

var URL_PARTS = ['href', 'protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];
function URL(input, base) {
  if (!(this instanceof URL)) throw new TypeError("Class constructor URL cannot be invoked without 'new'");
  var parts;
  try {
    parts = host.urlParse(String(input && input.href !== undefined ? input.href : input), base === undefined ? undefined : String(base && base.href !== undefined ? base.href : base));
  } catch (e) {
    var err = new TypeError('Invalid URL');
    err.code = 'ERR_INVALID_URL';
    err.input = String(input);
    throw err;
  }
  this._p = parts;
  this._params = new URLSearchParams(parts.search);
  this._params._url = this;
}
URL.prototype._set = function (k, v) {
  var p = this._p;
  var auth = p.username ? p.username + (p.password ? ':' + p.password : '') + '@' : '';
  var next = Object.assign({}, p);
  next[k] = v;
  var hostPart = next.hostname + (next.port ? ':' + next.port : '');
  var special = /^(https?|ftp|wss?|file):$/.test(next.protocol);
  var href = next.protocol + (special || hostPart ? '//' : '') + auth + hostPart + next.pathname + next.search + next.hash;
  var parsed = host.urlParse(href);
  this._p = parsed;
  if (k !== 'search') this._params._parse(parsed.search);
};
URL_PARTS.forEach(function (k) {
  Object.defineProperty(URL.prototype, k, {
    get: function () { return this._p[k]; },
    set: function (v) {
      if (k === 'origin') return;
      if (k === 'href') { this._p = host.urlParse(String(v)); this._params._parse(this._p.search); return; }
      var s = String(v);
      if (k === 'search' && s && s.charAt(0) !== '?') s = '?' + s;
      if (k === 'hash' && s && s.charAt(0) !== '#') s = '#' + s;
      if (k === 'protocol' && s.slice(-1) !== ':') s += ':';
      this._set(k, s);
      if (k === 'search') this._params._parse(this._p.search);
    },
    enumerable: true,
    configurable: true
  });
});
Object.defineProperty(URL.prototype, 'host', {
  get: function () { return this._p.hostname + (this._p.port ? ':' + this._p.port : ''); },
  set: function (v) { var m = /^([^:]*)(?::(\d*))?$/.exec(String(v)); if (m) { this._set('hostname', m[1]); if (m[2] !== undefined) this._set('port', m[2]); } },
  enumerable: true,
  configurable: true
});
Object.defineProperty(URL.prototype, 'searchParams', { get: function () { return this._params; }, enumerable: true, configurable: true });
URL.prototype.toString = function () { return this._p.href; };
URL.prototype.toJSON = function () { return this._p.href; };
URL.canParse = function (input, base) { try { new URL(input, base); return true; } catch (e) { return false; } };
function fileURLToPath(u) {
  var url = typeof u === 'string' ? new URL(u) : u;
  if (!url || url.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  return decodeURIComponent(url.pathname);
}
function pathToFileURL(p) {
  var abs = path.resolve(String(p));
  return new URL('file://' + abs.split('/').map(function (s) { return encodeURIComponent(s); }).join('/'));
}
// the legacy `url.parse`, on top of the WHATWG parser (relative references kept as paths)
function legacyParse(s, parseQuery) {
  var out = { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: String(s) };
  var u = null;
  try { u = new URL(String(s)); } catch (e) { u = null; }
  var search, hash, pathname;
  if (u) {
    out.protocol = u.protocol; out.slashes = /^[a-z][a-z0-9+.-]*:\/\//i.test(String(s)) || null;
    out.auth = u.username ? decodeURIComponent(u.username) + (u.password ? ':' + decodeURIComponent(u.password) : '') : null;
    out.host = u.host || null; out.port = u.port || null; out.hostname = u.hostname || null;
    search = u.search; hash = u.hash; pathname = u.pathname; out.href = u.href;
  } else {
    var m = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(String(s));
    pathname = m[1]; search = m[2] || ''; hash = m[3] || '';
  }
  out.hash = hash || null;
  out.search = search || null;
  out.query = parseQuery ? querystring.parse((search || '').slice(1)) : (search ? search.slice(1) : null);
  out.pathname = pathname || (u ? '/' : null);
  out.path = (out.pathname || '') + (search || '') || null;
  return out;
}
function legacyFormat(o) {
  if (typeof o === 'string') return o;
  if (o instanceof URL) return o.href;
  var proto = o.protocol || '';
  if (proto && proto.slice(-1) !== ':') proto += ':';
  var auth = o.auth ? encodeURIComponent(o.auth).replace(/%3A/i, ':') + '@' : '';
  var hostPart = o.host || (o.hostname ? o.hostname + (o.port ? ':' + o.port : '') : '');
  var search = o.search || (o.query && typeof o.query === 'object' ? '?' + querystring.stringify(o.query) : o.query ? '?' + o.query : '');
  if (search && search.charAt(0) !== '?') search = '?' + search;
  var hash = o.hash ? (o.hash.charAt(0) === '#' ? o.hash : '#' + o.hash) : '';
  var slashes = o.slashes || /^(https?|ftp|gopher|file):$/.test(proto) ? '//' : '';
  return proto + (hostPart || proto === 'file:' ? slashes : '') + auth + hostPart + (o.pathname || '') + search + hash;
}
var url = {
  URL: URL,
  URLSearchParams: URLSearchParams,
  fileURLToPath: fileURLToPath,
  pathToFileURL: pathToFileURL,
  parse: legacyParse,
  format: legacyFormat,
  resolve: function (from, to) { return new URL(to, new URL(from, 'resolve://')).href.replace(/^resolve:\/\/\/?/, from.charAt(0) === '/' ? '/' : ''); },
  domainToASCII: function (d) { try { return new URL('http://' + d).hostname; } catch (e) { return ''; } },
  domainToUnicode: function (d) { return String(d); }
};

module.exports = { url: url };
