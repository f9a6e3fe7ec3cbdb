// decisionprof host, Node's `stream` and `stream/promises`, in memory: Readable, Writable, Duplex,
// Transform, PassThrough, `pipeline` and `finished`.
'use strict';
var EventEmitter = require('events');
var Buffer = require('buffer').Buffer;
var process = require('process');
function inherit(C, P) { C.prototype = Object.create(P.prototype, { constructor: { value: C, writable: true, configurable: true } }); Object.setPrototypeOf(C, P); }
function Stream(opts) { EventEmitter.call(this, opts); }
inherit(Stream, EventEmitter);
Stream.prototype.pipe = function (dest, opts) {
  var src = this;
  src.on('data', function (chunk) { if (dest.write(chunk) === false && src.pause) src.pause(); });
  if (dest.on) dest.on('drain', function () { if (src.resume) src.resume(); });
  if (!opts || opts.end !== false) src.on('end', function () { if (dest.end) dest.end(); });
  if (dest.emit) dest.emit('pipe', src);
  return dest;
};
function Readable(opts) {
  if (!(this instanceof Readable)) return new Readable(opts);
  Stream.call(this, opts);
  opts = opts || {};
  this._buf = [];
  this._ended = false;
  this._endEmitted = false;
  this._flowing = null;
  this._reading = false;
  this._encoding = null;
  this.readable = true;
  this.destroyed = false;
  this.readableObjectMode = !!(opts.objectMode || opts.readableObjectMode);
  if (typeof opts.read === 'function') this._read = opts.read;
  if (typeof opts.destroy === 'function') this._destroy = opts.destroy;
}
inherit(Readable, Stream);
Readable.prototype._read = function () {};
Readable.prototype.push = function (chunk, enc) {
  if (chunk === null) { this._ended = true; this._schedule(); return false; }
  if (!this.readableObjectMode && typeof chunk === 'string') chunk = Buffer.from(chunk, enc);
  this._buf.push(chunk);
  this._schedule();
  return true;
};
Readable.prototype.unshift = function (chunk) { this._buf.unshift(chunk); };
Readable.prototype._decode = function (c) { return this._encoding && Buffer.isBuffer(c) ? c.toString(this._encoding) : c; };
Readable.prototype._schedule = function () {
  var self = this;
  if (self._scheduled) return;
  self._scheduled = true;
  process.nextTick(function () { self._scheduled = false; self._flow(); });
};
Readable.prototype._flow = function () {
  if (this.destroyed) return;
  if (this._flowing) {
    while (this._flowing && this._buf.length) this.emit('data', this._decode(this._buf.shift()));
  } else if (this._buf.length && this.listenerCount('readable') > 0) {
    this.emit('readable');
  }
  if (!this._buf.length && this._ended) {
    if (!this._endEmitted && (this._flowing || this.listenerCount('readable') > 0 || this._drained)) {
      this._endEmitted = true;
      this.readable = false;
      this.emit('end');
      this.emit('close');
    }
    return;
  }
  if (!this._buf.length && !this._ended && !this._reading && (this._flowing || this.listenerCount('readable') > 0)) {
    this._reading = true;
    this._read(16384);
    this._reading = false;
  }
};
Readable.prototype.read = function () {
  if (!this._buf.length) {
    if (!this._ended) { this._read(16384); }
    if (!this._buf.length) { if (this._ended) { this._drained = true; this._schedule(); } return null; }
  }
  var c;
  if (this.readableObjectMode) c = this._buf.shift();
  else { c = Buffer.concat(this._buf.map(function (x) { return Buffer.isBuffer(x) ? x : Buffer.from(x); })); this._buf = []; }
  if (!this._buf.length && this._ended) { this._drained = true; this._schedule(); }
  return this._decode(c);
};
Readable.prototype.on = function (ev, fn) {
  EventEmitter.prototype.on.call(this, ev, fn);
  if (ev === 'data' && this._flowing !== false) this.resume();
  if (ev === 'readable' || ev === 'end') this._schedule();
  return this;
};
Readable.prototype.addListener = Readable.prototype.on;
Readable.prototype.resume = function () { this._flowing = true; this._schedule(); return this; };
Readable.prototype.pause = function () { this._flowing = false; return this; };
Readable.prototype.isPaused = function () { return this._flowing === false; };
Readable.prototype.setEncoding = function (enc) { this._encoding = enc; return this; };
Readable.prototype.destroy = function (err) {
  if (this.destroyed) return this;
  this.destroyed = true;
  var self = this;
  var done = function (e) { process.nextTick(function () { if (e) self.emit('error', e); self.emit('close'); }); };
  if (this._destroy) this._destroy(err || null, done); else done(err);
  return this;
};
Readable.prototype[Symbol.asyncIterator] = function () {
  var self = this, queue = [], waiting = null, done = false, failure = null;
  self.on('data', function (c) { if (waiting) { var w = waiting; waiting = null; w.resolve({ value: c, done: false }); } else queue.push(c); });
  self.on('end', function () { done = true; if (waiting) { var w = waiting; waiting = null; w.resolve({ value: undefined, done: true }); } });
  self.on('error', function (e) { failure = e; if (waiting) { var w = waiting; waiting = null; w.reject(e); } });
  return {
    next: function () {
      if (failure) return Promise.reject(failure);
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise(function (resolve, reject) { waiting = { resolve: resolve, reject: reject }; });
    },
    return: function () { self.destroy(); return Promise.resolve({ value: undefined, done: true }); },
    [Symbol.asyncIterator]: function () { return this; }
  };
};
Readable.from = function (iterable, opts) {
  var r = new Readable(Object.assign({ objectMode: true }, opts));
  var it = iterable[Symbol.asyncIterator] ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
  r._read = function () {
    Promise.resolve(it.next()).then(function (step) { r.push(step.done ? null : step.value); }, function (e) { r.destroy(e); });
  };
  return r;
};
function Writable(opts) {
  if (!(this instanceof Writable) && !(this instanceof Duplex)) return new Writable(opts);
  Stream.call(this, opts);
  opts = opts || {};
  this._queue = [];
  this._writing = false;
  this._ending = false;
  this.writable = true;
  this.writableFinished = false;
  this.destroyed = false;
  this.writableObjectMode = !!(opts.objectMode || opts.writableObjectMode);
  this._decodeStrings = opts.decodeStrings !== false;
  if (typeof opts.write === 'function') this._write = opts.write;
  if (typeof opts.writev === 'function') this._writev = opts.writev;
  if (typeof opts.final === 'function') this._final = opts.final;
  if (typeof opts.destroy === 'function') this._destroy = opts.destroy;
}
inherit(Writable, Stream);
Writable.prototype._write = function (chunk, enc, cb) { cb(); };
Writable.prototype.write = function (chunk, enc, cb) {
  if (typeof enc === 'function') { cb = enc; enc = null; }
  if (this._ending) {
    var err = new Error('write after end');
    err.code = 'ERR_STREAM_WRITE_AFTER_END';
    var self0 = this;
    process.nextTick(function () { if (cb) cb(err); self0.emit('error', err); });
    return false;
  }
  if (!this.writableObjectMode && this._decodeStrings && typeof chunk === 'string') { chunk = Buffer.from(chunk, enc || 'utf8'); enc = 'buffer'; }
  this._queue.push({ chunk: chunk, enc: enc || (Buffer.isBuffer(chunk) ? 'buffer' : 'utf8'), cb: cb });
  this._drainQueue();
  return true;
};
Writable.prototype._drainQueue = function () {
  var self = this;
  if (self._writing) return;
  var item = self._queue.shift();
  if (!item) {
    if (self._ending && !self.writableFinished && !self._finishing) self._finish();
    return;
  }
  self._writing = true;
  self._write(item.chunk, item.enc, function (err) {
    self._writing = false;
    if (err) { if (item.cb) item.cb(err); self.emit('error', err); return; }
    if (item.cb) item.cb(null);
    process.nextTick(function () { self._drainQueue(); });
  });
};
Writable.prototype._finish = function () {
  var self = this;
  self._finishing = true;
  var done = function (err) {
    if (err) { self.emit('error', err); return; }
    self.writableFinished = true;
    self.writable = false;
    process.nextTick(function () { self.emit('finish'); self.emit('close'); });
  };
  if (self._final) self._final(done); else done();
};
Writable.prototype.end = function (chunk, enc, cb) {
  if (typeof chunk === 'function') { cb = chunk; chunk = null; }
  if (typeof enc === 'function') { cb = enc; enc = null; }
  if (chunk !== null && chunk !== undefined) this.write(chunk, enc);
  if (cb) this.once('finish', cb);
  this._ending = true;
  this._drainQueue();
  return this;
};
Writable.prototype.cork = function () {};
Writable.prototype.uncork = function () {};
Writable.prototype.setDefaultEncoding = function () { return this; };
Writable.prototype.destroy = Readable.prototype.destroy;
function Duplex(opts) {
  if (!(this instanceof Duplex)) return new Duplex(opts);
  Readable.call(this, opts);
  var r = { _buf: this._buf };
  Writable.call(this, opts);
  this._buf = r._buf;
  if (opts && opts.readableObjectMode) this.readableObjectMode = true;
  if (opts && opts.writableObjectMode) this.writableObjectMode = true;
}
inherit(Duplex, Readable);
// a Duplex is a Writable too, as in node
Object.defineProperty(Writable, Symbol.hasInstance, {
  value: function (o) { return Function.prototype[Symbol.hasInstance].call(this, o) || (this === Writable && o instanceof Duplex); }
});
['write', '_drainQueue', '_finish', 'end', 'cork', 'uncork', 'setDefaultEncoding', '_write'].forEach(function (k) {
  Duplex.prototype[k] = Writable.prototype[k];
});
function Transform(opts) {
  if (!(this instanceof Transform)) return new Transform(opts);
  Duplex.call(this, opts);
  if (opts && typeof opts.transform === 'function') this._transform = opts.transform;
  if (opts && typeof opts.flush === 'function') this._flush = opts.flush;
  var self = this;
  this._write = function (chunk, enc, cb) {
    self._transform(chunk, enc, function (err, data) {
      if (data !== undefined && data !== null) self.push(data);
      cb(err);
    });
  };
  this._final = function (cb) {
    var end = function (err, data) { if (data !== undefined && data !== null) self.push(data); self.push(null); cb(err); };
    if (self._flush) self._flush(end); else end();
  };
}
inherit(Transform, Duplex);
Transform.prototype._transform = function (chunk, enc, cb) { cb(new Error('The _transform() method is not implemented')); };
function PassThrough(opts) {
  if (!(this instanceof PassThrough)) return new PassThrough(opts);
  Transform.call(this, opts);
}
inherit(PassThrough, Transform);
PassThrough.prototype._transform = function (chunk, enc, cb) { cb(null, chunk); };
function finished(s, opts, cb) {
  if (typeof opts === 'function') cb = opts;
  var called = false;
  var done = function (err) { if (!called) { called = true; cb(err || undefined); } };
  s.on('error', done);
  s.on('end', function () { done(); });
  s.on('finish', function () { done(); });
  return function () {};
}
function pipeline() {
  var streams = Array.prototype.slice.call(arguments);
  var cb = typeof streams[streams.length - 1] === 'function' ? streams.pop() : function () {};
  if (Array.isArray(streams[0])) streams = streams[0];
  var called = false;
  var done = function (err) { if (!called) { called = true; cb(err || undefined); } };
  for (var i = 0; i < streams.length - 1; i++) streams[i].pipe(streams[i + 1]);
  streams.forEach(function (s) { s.on('error', done); });
  var last = streams[streams.length - 1];
  last.on('finish', function () { done(); });
  last.on('end', function () { done(); });
  return last;
}
var streamPromises = {
  pipeline: function () { var a = Array.prototype.slice.call(arguments); return new Promise(function (res, rej) { pipeline.apply(null, a.concat([function (e) { if (e) rej(e); else res(); }])); }); },
  finished: function (s) { return new Promise(function (res, rej) { finished(s, function (e) { if (e) rej(e); else res(); }); }); }
};
Stream.Stream = Stream;
Stream.Readable = Readable;
Stream.Writable = Writable;
Stream.Duplex = Duplex;
Stream.Transform = Transform;
Stream.PassThrough = PassThrough;
Stream.pipeline = pipeline;
Stream.finished = finished;
Stream.promises = streamPromises;

module.exports = {
  stream: Stream,
  'stream/promises': streamPromises,
  // `C` inherits from `P` as node's stream classes do (fs.js's streams, readline.js's interface)
  inherit: inherit
};
