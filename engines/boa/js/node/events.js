// decisionprof host, Node's `events`: EventEmitter, whose changes to an emitter are logged while a
// check or a speculation runs, so they can be undone.
'use strict';
var inspect = require('util').inspect;
var touch = require('./touch');
var web = require('./web');
var EventTarget = web.EventTarget, listenersOf = web.listenersOf;
var dp = require('decisionprof:dp');
function touchEmitter(t) {
  if (!dp.on) return;
  touch(t);
  var events = t._events;
  if (events === undefined || events === null) return;
  touch(events);
  for (var k in events) if (Array.isArray(events[k])) touch(events[k]);
}

function EventEmitter() { EventEmitter.init.call(this); }
EventEmitter.defaultMaxListeners = 10;
EventEmitter.init = function () {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
};
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;
EventEmitter.prototype.setMaxListeners = function (n) { touch(this); this._maxListeners = n; return this; };
EventEmitter.prototype.getMaxListeners = function () { return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners; };
function addListener(target, type, listener, prepend) {
  if (typeof listener !== 'function') throw new TypeError('The "listener" argument must be of type function. Received ' + inspect(listener));
  touchEmitter(target);
  var events = target._events;
  if (events === undefined) { events = target._events = Object.create(null); target._eventsCount = 0; }
  else if (events.newListener !== undefined) {
    target.emit('newListener', type, listener.listener ? listener.listener : listener);
    events = target._events;
  }
  var existing = events[type];
  if (existing === undefined) { events[type] = listener; target._eventsCount++; }
  else if (typeof existing === 'function') events[type] = prepend ? [listener, existing] : [existing, listener];
  else if (prepend) existing.unshift(listener);
  else existing.push(listener);
  return target;
}
EventEmitter.prototype.on = EventEmitter.prototype.addListener = function (type, l) { return addListener(this, type, l, false); };
EventEmitter.prototype.prependListener = function (type, l) { return addListener(this, type, l, true); };
function onceWrapper(target, type, listener) {
  var state = { fired: false, target: target, type: type, listener: listener };
  var wrapped = function () {
    if (!state.fired) {
      touch(state);
      state.target.removeListener(state.type, wrapped);
      state.fired = true;
      return state.listener.apply(state.target, arguments);
    }
  };
  wrapped.listener = listener;
  return wrapped;
}
EventEmitter.prototype.once = function (type, l) { if (typeof l !== 'function') throw new TypeError('The "listener" argument must be of type function'); return this.on(type, onceWrapper(this, type, l)); };
EventEmitter.prototype.prependOnceListener = function (type, l) { return this.prependListener(type, onceWrapper(this, type, l)); };
EventEmitter.prototype.emit = function (type) {
  var args = Array.prototype.slice.call(arguments, 1);
  var events = this._events;
  if (type === 'error' && (events === undefined || events.error === undefined)) {
    var er = args[0];
    if (er instanceof Error) throw er;
    var err = new Error('Unhandled error. (' + inspect(er) + ')');
    err.context = er;
    throw err;
  }
  if (events === undefined) return false;
  var handler = events[type];
  if (handler === undefined) return false;
  if (typeof handler === 'function') handler.apply(this, args);
  else {
    var ls = handler.slice();
    for (var i = 0; i < ls.length; i++) ls[i].apply(this, args);
  }
  return true;
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener = function (type, listener) {
  touchEmitter(this);
  var events = this._events;
  if (events === undefined) return this;
  var list = events[type];
  if (list === undefined) return this;
  if (list === listener || list.listener === listener) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else { delete events[type]; if (events.removeListener) this.emit('removeListener', type, list.listener || listener); }
  } else if (typeof list !== 'function') {
    for (var i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) {
        list.splice(i, 1);
        if (list.length === 1) events[type] = list[0];
        if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
        break;
      }
    }
  }
  return this;
};
EventEmitter.prototype.removeAllListeners = function (type) {
  touchEmitter(this);
  if (this._events === undefined) return this;
  if (arguments.length === 0) { this._events = Object.create(null); this._eventsCount = 0; }
  else if (this._events[type] !== undefined) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else delete this._events[type];
  }
  return this;
};
EventEmitter.prototype.listeners = function (type) {
  var l = this._events && this._events[type];
  if (l === undefined) return [];
  if (typeof l === 'function') return [l.listener || l];
  return l.map(function (x) { return x.listener || x; });
};
EventEmitter.prototype.rawListeners = function (type) {
  var l = this._events && this._events[type];
  if (l === undefined) return [];
  return typeof l === 'function' ? [l] : l.slice();
};
EventEmitter.prototype.listenerCount = function (type) {
  var l = this._events && this._events[type];
  if (l === undefined) return 0;
  return typeof l === 'function' ? 1 : l.length;
};
EventEmitter.listenerCount = function (em, type) { return em.listenerCount(type); };
EventEmitter.prototype.eventNames = function () { return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : []; };
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.once = function (em, name) {
  return new Promise(function (resolve, reject) {
    em.once(name, function () { resolve(Array.prototype.slice.call(arguments)); });
    if (name !== 'error') em.once('error', reject);
  });
};
// events.getEventListeners: an emitter's listeners or an EventTarget's
EventEmitter.getEventListeners = function (target, type) {
  if (target instanceof EventTarget) return listenersOf(target, type).map(function (x) { return x.fn; });
  return target.listeners(type);
};
EventEmitter.setMaxListeners = function (n) {
  var targets = Array.prototype.slice.call(arguments, 1);
  if (!targets.length) EventEmitter.defaultMaxListeners = n;
  targets.forEach(function (t) { if (typeof t.setMaxListeners === 'function') t.setMaxListeners(n); });
};

module.exports = { events: EventEmitter };
