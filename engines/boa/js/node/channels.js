// decisionprof host, Node's `diagnostics_channel`: named channels that pass each published
// message to their subscribers (`subscriber(message, name)`; one that throws is reported on the
// next tick, as node does, and the others still run), stores bound to a channel (an
// AsyncLocalStorage set while `runStores` runs), and tracing channels (start, end, asyncStart,
// asyncEnd and error around a synchronous call, a promise or a callback).
'use strict';
var channels = new Map();

function Channel(name) {
  this.name = name;
  this._subscribers = [];
  this._stores = new Map();
}
Object.defineProperty(Channel.prototype, 'hasSubscribers', {
  get: function () { return this._subscribers.length > 0 || this._stores.size > 0; }
});
Channel.prototype.subscribe = function (fn) {
  if (typeof fn !== 'function') throw new TypeError('The "subscription" argument must be of type function');
  this._subscribers = this._subscribers.concat([fn]);
};
Channel.prototype.unsubscribe = function (fn) {
  var at = this._subscribers.indexOf(fn);
  if (at < 0) return false;
  this._subscribers = this._subscribers.slice(0, at).concat(this._subscribers.slice(at + 1));
  return true;
};
Channel.prototype.publish = function (message) {
  var name = this.name;
  this._subscribers.forEach(function (fn) {
    try {
      fn(message, name);
    } catch (e) {
      process.nextTick(function () { throw e; });
    }
  });
};
Channel.prototype.bindStore = function (store, transform) { this._stores.set(store, transform); };
Channel.prototype.unbindStore = function (store) { return this._stores.delete(store); };
Channel.prototype.runStores = function (data, fn, thisArg) {
  var args = Array.prototype.slice.call(arguments, 3);
  var self = this;
  var run = function () { self.publish(data); return fn.apply(thisArg, args); };
  this._stores.forEach(function (transform, store) {
    var inner = run;
    run = function () { return store.run(transform ? transform(data) : data, inner); };
  });
  return run();
};

function channel(name) {
  if (typeof name !== 'string' && typeof name !== 'symbol') {
    throw new TypeError('The "channel" argument must be of type string or symbol');
  }
  if (!channels.has(name)) channels.set(name, new Channel(name));
  return channels.get(name);
}

var EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];

function TracingChannel(nameOrChannels) {
  var self = this;
  EVENTS.forEach(function (e) {
    self[e] = typeof nameOrChannels === 'string' ? channel('tracing:' + nameOrChannels + ':' + e) : nameOrChannels[e];
  });
}
Object.defineProperty(TracingChannel.prototype, 'hasSubscribers', {
  get: function () { var self = this; return EVENTS.some(function (e) { return self[e].hasSubscribers; }); }
});
TracingChannel.prototype.subscribe = function (handlers) {
  var self = this;
  EVENTS.forEach(function (e) { if (handlers[e]) self[e].subscribe(handlers[e]); });
};
TracingChannel.prototype.unsubscribe = function (handlers) {
  var self = this, all = true;
  EVENTS.forEach(function (e) { if (handlers[e] && !self[e].unsubscribe(handlers[e])) all = false; });
  return all;
};
// `fn` between start and end, its error published on error
TracingChannel.prototype._around = function (context, call) {
  var self = this;
  return this.start.runStores(context, function () {
    try {
      return call();
    } catch (err) {
      context.error = err;
      self.error.publish(context);
      throw err;
    } finally {
      self.end.publish(context);
    }
  });
};
TracingChannel.prototype.traceSync = function (fn, context, thisArg) {
  var args = Array.prototype.slice.call(arguments, 3);
  context = context || {};
  return this._around(context, function () {
    var result = fn.apply(thisArg, args);
    context.result = result;
    return result;
  });
};
TracingChannel.prototype.tracePromise = function (fn, context, thisArg) {
  var args = Array.prototype.slice.call(arguments, 3);
  var self = this;
  context = context || {};
  var settled = function () { self.asyncStart.publish(context); self.asyncEnd.publish(context); };
  return this._around(context, function () {
    return Promise.resolve(fn.apply(thisArg, args)).then(function (result) {
      context.result = result;
      settled();
      return result;
    }, function (err) {
      context.error = err;
      self.error.publish(context);
      settled();
      throw err;
    });
  });
};
TracingChannel.prototype.traceCallback = function (fn, position, context, thisArg) {
  var args = Array.prototype.slice.call(arguments, 4);
  var self = this;
  context = context || {};
  var at = position === undefined ? -1 : position;
  var index = at < 0 ? args.length + at : at;
  var callback = args[index];
  if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
  args[index] = function (err, result) {
    if (err) {
      context.error = err;
      self.error.publish(context);
    } else {
      context.result = result;
    }
    var that = this, given = arguments;
    return self.asyncStart.runStores(context, function () {
      try {
        return callback.apply(that, given);
      } finally {
        self.asyncEnd.publish(context);
      }
    });
  };
  return this._around(context, function () { return fn.apply(thisArg, args); });
};

module.exports = {
  diagnostics_channel: {
    channel: channel,
    hasSubscribers: function (name) { return channels.has(name) && channels.get(name).hasSubscribers; },
    subscribe: function (name, fn) { channel(name).subscribe(fn); },
    unsubscribe: function (name, fn) { return channels.has(name) && channels.get(name).unsubscribe(fn); },
    tracingChannel: function (nameOrChannels) { return new TracingChannel(nameOrChannels); },
    Channel: Channel
  }
};
