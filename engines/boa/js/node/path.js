// decisionprof host, Node's `path`: POSIX paths, and `path.win32` for code that tests for Windows
// paths.
'use strict';
// the working directory relative paths resolve against (`process` requires this module: it is
// required when first needed)
var processModule = null;
function cwd() {
  if (processModule === null) processModule = require('process');
  return processModule.cwd();
}
function normalizeArray(parts, allowAbove) {
  var res = [];
  for (var i = 0; i < parts.length; i++) {
    var p = parts[i];
    if (!p || p === '.') continue;
    if (p === '..') {
      if (res.length && res[res.length - 1] !== '..') res.pop();
      else if (allowAbove) res.push('..');
    } else res.push(p);
  }
  return res;
}
var path = {
  sep: '/',
  delimiter: ':',
  isAbsolute: function (p) { return String(p).charAt(0) === '/'; },
  normalize: function (p) {
    p = String(p);
    if (p === '') return '.';
    var abs = p.charAt(0) === '/';
    var trail = p.charAt(p.length - 1) === '/';
    var out = normalizeArray(p.split('/'), !abs).join('/');
    if (!out && !abs) out = '.';
    if (out && trail) out += '/';
    return (abs ? '/' : '') + out;
  },
  join: function () {
    var parts = [];
    for (var i = 0; i < arguments.length; i++) {
      if (typeof arguments[i] !== 'string') throw new TypeError('The "path" argument must be of type string');
      if (arguments[i]) parts.push(arguments[i]);
    }
    return parts.length ? path.normalize(parts.join('/')) : '.';
  },
  resolve: function () {
    var resolved = '';
    var abs = false;
    for (var i = arguments.length - 1; i >= -1 && !abs; i--) {
      var p = i >= 0 ? arguments[i] : cwd();
      if (typeof p !== 'string') throw new TypeError('The "path" argument must be of type string');
      if (!p) continue;
      resolved = p + '/' + resolved;
      abs = p.charAt(0) === '/';
    }
    var out = normalizeArray(resolved.split('/'), !abs).join('/');
    return ((abs ? '/' : '') + out) || '.';
  },
  dirname: function (p) {
    p = String(p);
    if (!p) return '.';
    while (p.length > 1 && p.charAt(p.length - 1) === '/') p = p.slice(0, -1);
    var i = p.lastIndexOf('/');
    if (i < 0) return '.';
    if (i === 0) return '/';
    return p.slice(0, i);
  },
  basename: function (p, ext) {
    p = String(p);
    while (p.length > 1 && p.charAt(p.length - 1) === '/') p = p.slice(0, -1);
    var b = p.slice(p.lastIndexOf('/') + 1);
    if (ext && b.length > ext.length && b.slice(b.length - ext.length) === ext) b = b.slice(0, b.length - ext.length);
    return b;
  },
  extname: function (p) {
    var b = path.basename(p);
    var i = b.lastIndexOf('.');
    if (i <= 0) return '';
    return b.slice(i);
  },
  relative: function (from, to) {
    var f = path.resolve(from).split('/').filter(Boolean);
    var t = path.resolve(to).split('/').filter(Boolean);
    var i = 0;
    while (i < f.length && i < t.length && f[i] === t[i]) i++;
    var up = [];
    for (var j = i; j < f.length; j++) up.push('..');
    return up.concat(t.slice(i)).join('/');
  },
  parse: function (p) {
    var root = path.isAbsolute(p) ? '/' : '';
    var base = path.basename(p);
    var ext = path.extname(p);
    var dir = path.dirname(p);
    return { root: root, dir: dir === '.' && !p.includes('/') ? '' : dir, base: base, ext: ext, name: ext ? base.slice(0, base.length - ext.length) : base };
  },
  format: function (o) {
    var dir = o.dir || o.root || '';
    var base = o.base || ((o.name || '') + (o.ext || ''));
    return dir ? (dir === o.root ? dir + base : dir + '/' + base) : base;
  },
  toNamespacedPath: function (p) { return p; }
};
path.posix = path;
// Windows paths, for code that tests for them (`p === path.win32.sep`, a drive's prefix): both
// separators, a drive letter or a leading separator makes a path absolute
path.win32 = (function () {
  var w = { sep: '\\', delimiter: ';' };
  function split(p) {
    var m = /^([A-Za-z]:)?(.*)$/.exec(String(p));
    return { drive: m[1] || '', rest: m[2] };
  }
  w.isAbsolute = function (p) { return /^([A-Za-z]:)?[\\/]/.test(String(p)); };
  w.normalize = function (p) {
    var d = split(p);
    var lead = /^[\\/]/.test(d.rest);
    var out = [];
    d.rest.split(/[\\/]+/).forEach(function (seg) {
      if (seg === '' || seg === '.') return;
      if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
      else if (seg !== '..' || !lead) out.push(seg);
    });
    var body = out.join('\\');
    var trail = /[\\/]$/.test(d.rest) && body ? '\\' : '';
    return d.drive + (lead ? '\\' : '') + (body || (lead ? '' : '.')) + trail;
  };
  w.join = function () {
    var parts = Array.prototype.filter.call(arguments, function (a) { return String(a) !== ''; });
    return parts.length ? w.normalize(parts.join('\\')) : '.';
  };
  w.basename = function (p, ext) {
    var b = split(p).rest.replace(/[\\/]+$/, '').split(/[\\/]/).pop();
    return ext && b.endsWith(ext) && b !== ext ? b.slice(0, -ext.length) : b;
  };
  w.dirname = function (p) {
    var d = split(p);
    var rest = d.rest.replace(/[\\/]+$/, '');
    var i = Math.max(rest.lastIndexOf('\\'), rest.lastIndexOf('/'));
    if (i < 0) return d.drive ? d.drive + (/^[\\/]/.test(d.rest) ? '\\' : '') : '.';
    return d.drive + (i === 0 ? rest.charAt(0) : rest.slice(0, i));
  };
  w.extname = function (p) { return path.extname(w.basename(p)); };
  w.toNamespacedPath = function (p) { return p; };
  w.win32 = w;
  w.posix = path;
  return w;
})();
path.posix.win32 = path.win32;

module.exports = { path: path, 'path/posix': path };
