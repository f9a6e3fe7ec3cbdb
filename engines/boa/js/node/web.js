// decisionprof host: the web's globals node has — TextEncoder, TextDecoder, Event, EventTarget,
// AbortController, AbortSignal, `performance`, atob, btoa, and a `fetch` that says it cannot.
'use strict';
var host = require('decisionprof:host');
var Buffer = require('buffer').Buffer;
var timers = require('timers');
function TextEncoder() {}
TextEncoder.prototype.encoding = 'utf-8';
TextEncoder.prototype.encode = function (s) { var b = Buffer.from(String(s === undefined ? '' : s), 'utf8'); return new Uint8Array(b.buffer, b.byteOffset, b.length); };
TextEncoder.prototype.encodeInto = function (s, dest) { var b = this.encode(s); var n = Math.min(b.length, dest.length); dest.set(b.subarray(0, n)); return { read: String(s).length, written: n }; };
function TextDecoder(enc, opts) { this.encoding = String(enc || 'utf-8').toLowerCase(); this.fatal = !!(opts && opts.fatal); this.ignoreBOM = !!(opts && opts.ignoreBOM); }
TextDecoder.prototype.decode = function (input) {
  if (input === undefined) return '';
  var b = input instanceof ArrayBuffer ? Buffer.from(input) : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  var s = b.toString(this.encoding === 'utf-16le' ? 'utf16le' : this.encoding === 'latin1' ? 'latin1' : 'utf8');
  return !this.ignoreBOM && s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
};
function Event(type, init) { this.type = String(type); this.defaultPrevented = false; this.cancelable = !!(init && init.cancelable); this.timeStamp = 0; }
Event.prototype.preventDefault = function () { if (this.cancelable) this.defaultPrevented = true; };
Event.prototype.stopPropagation = function () {};
Event.prototype.stopImmediatePropagation = function () { this._stop = true; };
// listeners per type in a Map (insertion order, a listener once): adding and removing one is
// constant time, as thousands of `AbortSignal` listeners need
function EventTarget() { this._listeners = Object.create(null); }
EventTarget.prototype.addEventListener = function (type, fn, opts) {
  if (!fn) return;
  var l = this._listeners[type] = this._listeners[type] || new Map();
  if (!l.has(fn)) l.set(fn, { fn: fn, once: !!(opts && opts.once) });
};
EventTarget.prototype.removeEventListener = function (type, fn) {
  var l = this._listeners[type];
  if (l) l.delete(fn);
};
function listenersOf(target, type) {
  var l = target._listeners[type];
  return l ? Array.from(l.values()) : [];
}
EventTarget.prototype.dispatchEvent = function (ev) {
  var self = this;
  var l = listenersOf(this, ev.type);
  if (typeof this['on' + ev.type] === 'function') this['on' + ev.type].call(this, ev);
  l.forEach(function (x) {
    if (ev._stop) return;
    if (x.once) self.removeEventListener(ev.type, x.fn);
    if (typeof x.fn === 'function') x.fn.call(self, ev); else x.fn.handleEvent(ev);
  });
  return !ev.defaultPrevented;
};
function AbortSignal() { EventTarget.call(this); this.aborted = false; this.reason = undefined; this.onabort = null; }
AbortSignal.prototype = Object.create(EventTarget.prototype, { constructor: { value: AbortSignal } });
AbortSignal.prototype.throwIfAborted = function () { if (this.aborted) throw this.reason; };
function abortError(reason) {
  if (reason !== undefined) return reason;
  var e = new Error('This operation was aborted');
  e.name = 'AbortError';
  e.code = 20;
  return e;
}
AbortSignal.abort = function (reason) { var s = new AbortSignal(); s.aborted = true; s.reason = abortError(reason); return s; };
AbortSignal.timeout = function (ms) {
  var c = new AbortController();
  timers.setTimeout(function () { var e = new Error('The operation was aborted due to timeout'); e.name = 'TimeoutError'; c.abort(e); }, ms);
  return c.signal;
};
function AbortController() { this.signal = new AbortSignal(); }
AbortController.prototype.abort = function (reason) {
  var s = this.signal;
  if (s.aborted) return;
  s.aborted = true;
  s.reason = abortError(reason);
  s.dispatchEvent(new Event('abort'));
};
var B64 = /^[A-Za-z0-9+/]*={0,2}$/;
var perf = {
  now: function () { return host.hrtimeNs() / 1e6; },
  timeOrigin: 0,
  mark: function () {},
  measure: function () {},
  getEntries: function () { return []; },
  getEntriesByName: function () { return []; },
  clearMarks: function () {},
  clearMeasures: function () {},
  toJSON: function () { return {}; }
};

module.exports = {
  TextEncoder: TextEncoder,
  TextDecoder: TextDecoder,
  Event: Event,
  EventTarget: EventTarget,
  AbortController: AbortController,
  AbortSignal: AbortSignal,
  performance: perf,
  atob: function (s) {
    s = String(s).replace(/[\t\n\f\r ]/g, '');
    if (!B64.test(s)) { var e = new Error('The string to be decoded is not correctly encoded.'); e.name = 'InvalidCharacterError'; throw e; }
    return Buffer.from(s, 'base64').toString('latin1');
  },
  btoa: function (s) {
    s = String(s);
    for (var i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) { var e = new Error('Invalid character'); e.name = 'InvalidCharacterError'; throw e; }
    return Buffer.from(s, 'latin1').toString('base64');
  },
  fetch: function () { return Promise.reject(new Error('fetch is not available in the embedded engine (no network in Boa)')); },
  // an EventTarget's listeners of `type`, `{ fn, once }` (events.getEventListeners)
  listenersOf: listenersOf
};
