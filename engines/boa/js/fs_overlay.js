// decisionprof host prelude, part 3: a writable fs for Boa whose writes never reach the disk.
// Reads go to the project's files (host.read/stat/readdir); writes, directories made, renames
// and deletions go to an in-memory overlay that lives as long as the run, and later reads see
// them. A write while speculating throws (the overlay is not undone, so the decision is excluded
// with that reason); a real write made by a check excludes the decisions whose checks are open
// (host.effect). Called by host.js on its read-only `fs` before the callback/promise forms exist;
// it returns the view its module loader resolves and reads through.
(function (host, fs, Buffer, path, fsError, Stats) {
  'use strict';
  var FILE = 1, DIR = 2, GONE = 0;
  // absolute path -> { kind, data (Buffer, files), fresh (dirs made here: hide the disk below) }
  var overlay = new Map();

  function abs(p) { return path.resolve(p); }
  // Whether the disk's `p` (and what is below it) still shows: no overlay entry on the way up
  // replaced or removed it.
  function diskVisible(p) {
    for (var q = p, prev = null; q !== prev; prev = q, q = path.dirname(q)) {
      var e = overlay.get(q);
      if (e && (e.kind !== DIR || e.fresh)) return false;
    }
    return true;
  }
  // The overlay entry that decides what `p` is, or null when the disk does.
  function decisive(p) {
    var e = overlay.get(p);
    if (e) return e;
    return diskVisible(path.dirname(p)) ? null : { kind: GONE };
  }
  function kindOf(p) {
    var e = decisive(p);
    return e ? e.kind : host.stat(p);
  }
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
  ['writeFileSync', 'appendFileSync', 'mkdirSync', 'unlinkSync', 'rmSync', 'rmdirSync', 'renameSync',
    'copyFileSync', 'chmodSync', 'mkdtempSync', 'accessSync', 'openSync', 'closeSync', 'readSync', 'writeSync',
    'fstatSync', 'fsyncSync', 'ftruncateSync'].forEach(function (n) {
    var base = n.slice(0, -4);
    if (fs[base] && fs[base].__dpNotProvided) delete fs[base];
  });
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
      var out = fd === 1 ? process.stdout : process.stderr;
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
  // What host.js's module loader sees: a module the run wrote (a test's fixture package) is
  // found and required as written, as node finds it on the disk.
  return {
    kind: function (p) { return overlay.size === 0 ? host.stat(p) : kindOf(p); },
    written: function (p) {
      var e = overlay.size === 0 ? null : decisive(p);
      return e && e.kind === FILE ? e.data.toString('utf8') : null;
    }
  };
});
