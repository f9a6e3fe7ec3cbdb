// decisionprof host, Node's `fs` and `fs/promises`: reads go to the disk, writes to the run's
// in-memory view of it (disk.js), never to the disk. A write while speculating throws (the view
// is not undone, so the decision is excluded with that reason); a real write made by a check
// excludes the decisions whose checks are open (`host.effect`). File descriptors, read and write
// streams, and the callback and promise forms are over the synchronous calls.
'use strict';
var host = require('decisionprof:host');
var path = require('path');
var inspect = require('util').inspect;
var Buffer = require('buffer').Buffer;
var process = require('process');
var URL = require('url').URL;
var stream = require('./stream');
var Readable = stream.stream.Readable, Writable = stream.stream.Writable, inherit = stream.inherit;
var disk = require('./disk');
var FILE = disk.FILE, DIR = disk.DIR, GONE = disk.GONE, overlay = disk.overlay;
var diskVisible = disk.diskVisible, decisive = disk.decisive, kindOf = disk.kindOf;
function abs(p) { return path.resolve(p); }

function fsError(code, syscall, p) {
  var msgs = { ENOENT: 'no such file or directory', EISDIR: 'illegal operation on a directory', ENOTDIR: 'not a directory' };
  var e = new Error(code + ': ' + (msgs[code] || 'error') + ', ' + syscall + " '" + p + "'");
  e.code = code; e.errno = -2; e.syscall = syscall; e.path = p;
  return e;
}
function Stats(kind, size) { this._kind = kind; this.size = size; this.mtime = new Date(0); this.mtimeMs = 0; this.mode = kind === 2 ? 16877 : 33188; }
Stats.prototype.isFile = function () { return this._kind === 1; };
Stats.prototype.isDirectory = function () { return this._kind === 2; };
Stats.prototype.isSymbolicLink = function () { return false; };
var fs = {
  readFileSync: function readFileSync(p, opts) {
    p = pathArg(p);
    var enc = typeof opts === 'string' ? opts : (opts && opts.encoding);
    var kind = host.stat(path.resolve(p));
    if (kind === 0) throw fsError('ENOENT', 'open', p);
    if (kind === 2) throw fsError('EISDIR', 'read', p);
    enc = enc ? String(enc).toLowerCase() : enc;
    if (enc === 'utf8' || enc === 'utf-8') return host.read(path.resolve(p));
    // the bytes as they are: a binary file is not read as text first
    var bytes = new Buffer(host.readBytes(path.resolve(p)));
    return enc ? bytes.toString(enc) : bytes;
  },
  existsSync: function existsSync(p) {
    try { return host.stat(path.resolve(pathArg(p))) !== 0; } catch (e) { return false; }
  },
  statSync: function statSync(p, o) {
    p = pathArg(p);
    var kind = host.stat(path.resolve(p));
    if (kind === 0) { if (o && o.throwIfNoEntry === false) return undefined; throw fsError('ENOENT', 'stat', p); }
    return new Stats(kind, kind === 1 ? host.readBytes(path.resolve(p)).byteLength : 0);
  },
  readdirSync: function readdirSync(p) {
    p = pathArg(p);
    var kind = host.stat(path.resolve(p));
    if (kind === 0) throw fsError('ENOENT', 'scandir', p);
    if (kind === 1) throw fsError('ENOTDIR', 'scandir', p);
    return host.readdir(path.resolve(p));
  },
  realpathSync: function realpathSync(p) { return path.resolve(pathArg(p)); }
};
fs.lstatSync = fs.statSync;
fs.realpathSync.native = fs.realpathSync;
function pathArg(p) {
  if (typeof p !== 'string') {
    if (p && typeof p === 'object' && typeof p.href === 'string' && p.protocol === 'file:') return decodeURIComponent(p.pathname);
    throw new TypeError('The "path" argument must be of type string. Received ' + inspect(p));
  }
  return p;
}

// ---------------------------------------------------------------- the run's writes, file descriptors
function effect(what) { host.effect(what, true); }
function bytes(data, opts) {
  var enc = typeof opts === 'string' ? opts : (opts && opts.encoding) || 'utf8';
  if (Buffer.isBuffer(data)) return Buffer.from(data);
  if (data instanceof Uint8Array) return Buffer.from(data);
  if (ArrayBuffer.isView(data)) return Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (typeof data !== 'string') throw new TypeError('The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView.');
  return Buffer.from(data, enc);
}
function needParentDir(p, syscall, shown) {
  var k = kindOf(path.dirname(p));
  if (k === GONE) throw fsError('ENOENT', syscall, shown);
  if (k === FILE) throw fsError('ENOTDIR', syscall, shown);
}
function contents(p) {
  var e = overlay.get(p);
  return e && e.kind === FILE ? e.data : new Buffer(host.readBytes(p));
}

var readFileSync = fs.readFileSync;
fs.readFileSync = function readFileSync_(p, opts) {
  var a = typeof p === 'number' ? null : abs(pathOf(p));
  var e = a && decisive(a);
  if (!e) return readFileSync(p, opts);
  if (e.kind === GONE) throw fsError('ENOENT', 'open', pathOf(p));
  if (e.kind === DIR) throw fsError('EISDIR', 'read', pathOf(p));
  var enc = typeof opts === 'string' ? opts : (opts && opts.encoding);
  return enc ? e.data.toString(enc) : Buffer.from(e.data);
};
fs.existsSync = function existsSync(p) {
  try { return kindOf(abs(pathOf(p))) !== GONE; } catch (err) { return false; }
};
var statSync = fs.statSync;
fs.statSync = function statSync_(p, o) {
  var a = abs(pathOf(p));
  var e = decisive(a);
  if (!e) return statSync(p, o);
  if (e.kind === GONE) {
    if (o && o.throwIfNoEntry === false) return undefined;
    throw fsError('ENOENT', 'stat', pathOf(p));
  }
  return new Stats(e.kind, e.kind === FILE ? e.data.length : 0);
};
fs.lstatSync = fs.statSync;
fs.readdirSync = function readdirSync(p, o) {
  var shown = pathOf(p);
  var a = abs(shown);
  var k = kindOf(a);
  if (k === GONE) throw fsError('ENOENT', 'scandir', shown);
  if (k === FILE) throw fsError('ENOTDIR', 'scandir', shown);
  var names = new Set(diskVisible(a) && host.stat(a) === DIR ? host.readdir(a) : []);
  overlay.forEach(function (e, q) {
    if (path.dirname(q) !== a || q === a) return;
    if (e.kind === GONE) names.delete(path.basename(q));
    else names.add(path.basename(q));
  });
  var list = Array.from(names).sort();
  if (!(o && o.withFileTypes)) return list;
  return list.map(function (n) {
    var kind = kindOf(path.join(a, n));
    return {
      name: n,
      isFile: function () { return kind === FILE; },
      isDirectory: function () { return kind === DIR; },
      isSymbolicLink: function () { return false; }
    };
  });
};
fs.accessSync = function accessSync(p) {
  if (kindOf(abs(pathOf(p))) === GONE) throw fsError('ENOENT', 'access', pathOf(p));
};

fs.writeFileSync = function writeFileSync(p, data, opts) {
  var shown = pathOf(p), a = abs(shown);
  effect('writes a file (fs.writeFileSync ' + shown + ')');
  needParentDir(a, 'open', shown);
  if (kindOf(a) === DIR) throw fsError('EISDIR', 'open', shown);
  var flag = opts && typeof opts === 'object' && opts.flag;
  var b = bytes(data, opts);
  if (flag && flag[0] === 'a' && kindOf(a) === FILE) b = Buffer.concat([contents(a), b]);
  overlay.set(a, { kind: FILE, data: b });
};
fs.appendFileSync = function appendFileSync(p, data, opts) {
  var shown = pathOf(p), a = abs(shown);
  effect('writes a file (fs.appendFileSync ' + shown + ')');
  needParentDir(a, 'open', shown);
  var before = kindOf(a) === FILE ? contents(a) : Buffer.alloc(0);
  overlay.set(a, { kind: FILE, data: Buffer.concat([before, bytes(data, opts)]) });
};
fs.mkdirSync = function mkdirSync(p, opts) {
  var shown = pathOf(p), a = abs(shown);
  var recursive = !!(opts && typeof opts === 'object' && opts.recursive);
  effect('makes a directory (fs.mkdirSync ' + shown + ')');
  var k = kindOf(a);
  if (k !== GONE) {
    if (recursive && k === DIR) return undefined;
    throw fsError('EEXIST', 'mkdir', shown);
  }
  var made = [];
  for (var q = a; kindOf(q) === GONE; q = path.dirname(q)) {
    if (!recursive && q !== a) throw fsError('ENOENT', 'mkdir', shown);
    made.unshift(q);
  }
  if (kindOf(path.dirname(made[0])) === FILE) throw fsError('ENOTDIR', 'mkdir', shown);
  made.forEach(function (d) { overlay.set(d, { kind: DIR, fresh: true }); });
  return recursive ? made[0] : undefined;
};
fs.mkdtempSync = function mkdtempSync(prefix) {
  for (var i = 0; ; i++) {
    var name = String(prefix) + ('00000' + (overlay.size * 7919 + i).toString(36)).slice(-6);
    if (kindOf(abs(name)) === GONE) { fs.mkdirSync(name); return name; }
  }
};
function remove(a) {
  overlay.forEach(function (e, q) { if (q.indexOf(a + '/') === 0) overlay.delete(q); });
  overlay.set(a, { kind: GONE });
}
fs.unlinkSync = function unlinkSync(p) {
  var shown = pathOf(p), a = abs(shown);
  effect('deletes a file (fs.unlinkSync ' + shown + ')');
  var k = kindOf(a);
  if (k === GONE) throw fsError('ENOENT', 'unlink', shown);
  if (k === DIR) throw fsError('EISDIR', 'unlink', shown);
  remove(a);
};
fs.rmSync = function rmSync(p, opts) {
  var shown = pathOf(p), a = abs(shown);
  opts = opts || {};
  effect('deletes (fs.rmSync ' + shown + ')');
  var k = kindOf(a);
  if (k === GONE) { if (opts.force) return; throw fsError('ENOENT', 'rm', shown); }
  if (k === DIR && !opts.recursive) throw fsError('EISDIR', 'rm', shown);
  remove(a);
};
fs.rmdirSync = function rmdirSync(p, opts) {
  var shown = pathOf(p), a = abs(shown);
  effect('deletes a directory (fs.rmdirSync ' + shown + ')');
  var k = kindOf(a);
  if (k === GONE) throw fsError('ENOENT', 'rmdir', shown);
  if (k === FILE) throw fsError('ENOTDIR', 'rmdir', shown);
  if (!(opts && opts.recursive) && fs.readdirSync(a).length) throw fsError('ENOTEMPTY', 'rmdir', shown);
  remove(a);
};
fs.copyFileSync = function copyFileSync(from, to) {
  var shown = pathOf(to);
  effect('writes a file (fs.copyFileSync ' + shown + ')');
  fs.writeFileSync(to, fs.readFileSync(from));
};
fs.renameSync = function renameSync(from, to) {
  var a = abs(pathOf(from)), b = abs(pathOf(to));
  effect('renames (fs.renameSync ' + pathOf(from) + ')');
  var k = kindOf(a);
  if (k === GONE) throw fsError('ENOENT', 'rename', pathOf(from));
  if (k === DIR) throw new Error('fs.renameSync() of a directory is not provided by the embedded engine');
  var data = contents(a);
  needParentDir(b, 'rename', pathOf(to));
  remove(a);
  overlay.set(b, { kind: FILE, data: data });
};
fs.chmodSync = function chmodSync(p) {
  if (kindOf(abs(pathOf(p))) === GONE) throw fsError('ENOENT', 'chmod', pathOf(p));
};
fs.utimesSync = fs.chmodSync;
// File descriptors: a file opened for reading reads what the overlay and the disk hold; one
// opened for writing writes through the overlay; 1 and 2 are the process's stdout and stderr
var fds = new Map(), nextFd = 3;
function descriptor(fd, syscall) {
  var d = fds.get(fd);
  if (!d) { var e = new Error('EBADF: bad file descriptor, ' + syscall); e.code = 'EBADF'; e.syscall = syscall; throw e; }
  return d;
}
fs.openSync = function openSync(p, flags) {
  var shown = pathOf(p), a = abs(shown);
  if (typeof flags === 'number') flags = (flags & 3) === 0 ? 'r' : (flags & 1024 ? 'a' : 'w');
  var f = String(flags === undefined || flags === null ? 'r' : flags);
  effect('opens a file (fs.openSync ' + shown + ')');
  var k = kindOf(a);
  if (f[0] === 'r') {
    if (k === GONE) throw fsError('ENOENT', 'open', shown);
  } else if (f.indexOf('x') >= 0 && k !== GONE) {
    throw fsError('EEXIST', 'open', shown);
  } else if (f[0] === 'w' || k === GONE) {
    fs.writeFileSync(a, '');
  }
  var fd = nextFd++;
  fds.set(fd, { path: a, pos: 0, append: f[0] === 'a' });
  return fd;
};
fs.closeSync = function closeSync(fd) {
  if (fd > 2) { descriptor(fd, 'close'); fds.delete(fd); }
};
fs.fstatSync = function fstatSync(fd) {
  if (fd >= 0 && fd <= 2) return new Stats(1, 0);
  return fs.statSync(descriptor(fd, 'fstat').path);
};
fs.readSync = function readSync(fd, buffer, offset, length, position) {
  if (offset && typeof offset === 'object') { position = offset.position; length = offset.length; offset = offset.offset; }
  offset = offset || 0;
  if (length === undefined || length === null) length = buffer.length - offset;
  if (fd === 0) return 0;
  var d = descriptor(fd, 'read');
  if (kindOf(d.path) === DIR) throw fsError('EISDIR', 'read', d.path);
  var data = contents(d.path);
  var at = typeof position === 'number' && position >= 0 ? position : d.pos;
  var n = Math.max(0, Math.min(length, data.length - at));
  data.copy(buffer, offset, at, at + n);
  if (!(typeof position === 'number' && position >= 0)) d.pos += n;
  return n;
};
fs.writeSync = function writeSync(fd, data, a, b, c) {
  var chunk;
  var position = null;
  if (typeof data === 'string') {
    position = typeof a === 'number' ? a : null;
    chunk = Buffer.from(data, typeof b === 'string' ? b : 'utf8');
  } else {
    var off = typeof a === 'number' ? a : 0;
    var len = typeof b === 'number' ? b : data.length - off;
    position = typeof c === 'number' ? c : null;
    chunk = Buffer.from(data).subarray(off, off + len);
  }
  if (fd === 1 || fd === 2) {
    // the global `process`'s streams (a test may have put another `process` there)
    var out = fd === 1 ? globalThis.process.stdout : globalThis.process.stderr;
    out.write(chunk.toString());
    return chunk.length;
  }
  var d = descriptor(fd, 'write');
  var old = kindOf(d.path) === FILE ? contents(d.path) : Buffer.alloc(0);
  var at = d.append ? old.length : (position !== null ? position : d.pos);
  var size = Math.max(old.length, at + chunk.length);
  var next = Buffer.alloc(size);
  old.copy(next, 0, 0, old.length);
  chunk.copy(next, at);
  fs.writeFileSync(d.path, next);
  if (position === null) d.pos = at + chunk.length;
  return chunk.length;
};
fs.fsyncSync = function fsyncSync(fd) { descriptor(fd, 'fsync'); };
fs.fdatasyncSync = fs.fsyncSync;
fs.ftruncateSync = function ftruncateSync(fd, len) {
  var d = descriptor(fd, 'ftruncate');
  var old = kindOf(d.path) === FILE ? contents(d.path) : Buffer.alloc(0);
  var next = Buffer.alloc(len || 0);
  old.copy(next, 0, 0, Math.min(old.length, len || 0));
  fs.writeFileSync(d.path, next);
};
var readFd = fs.readFileSync;
fs.readFileSync = function readFileSync(p, opts) {
  if (typeof p !== 'number') return readFd(p, opts);
  var enc = typeof opts === 'string' ? opts : (opts && opts.encoding);
  var data = Buffer.alloc(0);
  if (p !== 0) {
    var d = descriptor(p, 'read');
    data = contents(d.path).subarray(d.pos);
    d.pos += data.length;
  }
  return enc ? data.toString(enc) : Buffer.from(data);
};
function pathOf(p) {
  if (typeof p === 'string') return p;
  if (Buffer.isBuffer(p)) return p.toString();
  if (p && typeof p === 'object' && typeof p.href === 'string' && p.protocol === 'file:') return decodeURIComponent(p.pathname);
  throw new TypeError('The "path" argument must be of type string or an instance of Buffer or URL.');
}

// ---------------------------------------------------------------- streams (on the sync calls)
// A read stream reads the file when first read and pushes it in `highWaterMark` chunks; a
// missing file is an 'error' event, as node's asynchronous open makes it.
fs.ReadStream = function ReadStream(p, opts) {
  if (!(this instanceof fs.ReadStream)) return new fs.ReadStream(p, opts);
  opts = typeof opts === 'string' ? { encoding: opts } : (opts || {});
  Readable.call(this);
  if (opts.encoding) this.setEncoding(opts.encoding);
  this.path = p instanceof URL ? p : String(p);
  this.bytesRead = 0;
  this.pending = true;
  this._start = opts.start === undefined ? 0 : opts.start;
  this._end = opts.end === undefined ? Infinity : opts.end + 1;
  this._chunk = opts.highWaterMark || 65536;
  this._bytes = null;
  var self = this;
  process.nextTick(function () { self._open(); });
};
inherit(fs.ReadStream, Readable);
fs.ReadStream.prototype._open = function () {
  if (this._bytes !== null || this.destroyed) return;
  try { this._bytes = fs.readFileSync(this.path); } catch (e) { this.destroy(e); return; }
  this.pending = false;
  this._at = this._start;
  this.emit('open', 3);
  this.emit('ready');
};
fs.ReadStream.prototype._read = function () {
  this._open();
  if (this._bytes === null) return;
  var stop = Math.min(this._end, this._bytes.length);
  while (this._at < stop) {
    var next = Math.min(stop, this._at + this._chunk);
    var piece = this._bytes.subarray(this._at, next);
    this._at = next;
    this.bytesRead += piece.length;
    this.push(Buffer.from(piece));
  }
  this.push(null);
};
fs.ReadStream.prototype.close = function (cb) { this.destroy(); if (cb) process.nextTick(cb); };
// A write stream truncates (or, with flags 'a', appends to) its file when made and appends each
// chunk: the file calls are the overlay's, so the project is never written to.
fs.WriteStream = function WriteStream(p, opts) {
  if (!(this instanceof fs.WriteStream)) return new fs.WriteStream(p, opts);
  opts = typeof opts === 'string' ? { encoding: opts } : (opts || {});
  Writable.call(this, opts);
  this.path = p instanceof URL ? p : String(p);
  this.bytesWritten = 0;
  this.pending = false;
  var flags = String(opts.flags || 'w');
  var self = this;
  try {
    if (flags.charAt(0) !== 'a' || !fs.existsSync(this.path)) fs.writeFileSync(this.path, '');
  } catch (e) { process.nextTick(function () { self.destroy(e); }); return; }
  process.nextTick(function () { self.emit('open', 4); self.emit('ready'); });
};
inherit(fs.WriteStream, Writable);
fs.WriteStream.prototype._write = function (chunk, enc, cb) {
  var bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), enc && enc !== 'buffer' ? enc : 'utf8');
  try { fs.appendFileSync(this.path, bytes); } catch (e) { cb(e); return; }
  this.bytesWritten += bytes.length;
  cb();
};
fs.WriteStream.prototype.close = function (cb) { this.end(); if (cb) this.once('close', cb); };
fs.createReadStream = function createReadStream(p, opts) { return new fs.ReadStream(p, opts); };
fs.createWriteStream = function createWriteStream(p, opts) { return new fs.WriteStream(p, opts); };

// ---------------------------------------------------------------- promises, constants, callbacks
function promisified(f) {
  return function () {
    var args = Array.prototype.slice.call(arguments);
    return new Promise(function (res, rej) { try { res(f.apply(fs, args)); } catch (e) { rej(e); } });
  };
}
var FS_CALLS = ['readFile', 'readdir', 'stat', 'lstat', 'access', 'realpath', 'readlink', 'writeFile', 'appendFile',
  'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'rename', 'copyFile', 'chmod', 'utimes'];
var fsPromises = {};
FS_CALLS.forEach(function (n) {
  if (typeof fs[n + 'Sync'] === 'function') fsPromises[n] = promisified(fs[n + 'Sync']);
});
// the flags and modes node's `fs.constants` has on Linux (one object, also on fs/promises)
fs.constants = {
  F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4,
  O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024,
  S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384, S_IFLNK: 40960
};
fsPromises.constants = fs.constants;
// node's legacy `constants` module: os.constants' tables and fs.constants in one object
fs.promises = fsPromises;
// callback forms of the sync calls
FS_CALLS.concat(['exists']).forEach(function (n) {
  if (typeof fs[n] === 'function') return;
  var sync = fs[n + 'Sync'];
  if (typeof sync !== 'function') return;
  fs[n] = function () {
    var args = Array.prototype.slice.call(arguments);
    var cb = typeof args[args.length - 1] === 'function' ? args.pop() : function () {};
    var out, err = null;
    try { out = sync.apply(fs, args); } catch (e) { err = e; }
    process.nextTick(function () { if (n === 'exists') cb(!err && out); else cb(err, out); });
  };
});

module.exports = { fs: fs, 'fs/promises': fsPromises };
