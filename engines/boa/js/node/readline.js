// decisionprof host, Node's `readline` and `readline/promises`: line interfaces over readable
// streams and the cursor functions.
'use strict';
var EventEmitter = require('events');
var inherit = require('./stream').inherit;
var process = require('process');
// An interface over a readable stream's lines, as node's: 'line' per line (`\n`, `\r\n` or a
// lone `\r`), the last unterminated line at the input's end, then 'close'; `question` writes
// its query to `output` and answers with the next line; `for await` gives the lines.
function Interface(input, output, completer, terminal) {
  var o = input && typeof input.on === 'function' && !output && !completer ? { input: input } :
    (input && input.input ? input : { input: input, output: output, terminal: terminal });
  EventEmitter.call(this);
  var self = this;
  this.input = o.input;
  this.output = o.output;
  this.terminal = !!o.terminal;
  this.line = '';
  this.closed = false;
  this._prompt = o.prompt === undefined ? '> ' : String(o.prompt);
  this._rest = '';
  this._cr = false;
  this._answers = [];
  if (this.input && typeof this.input.on === 'function') {
    this._onData = function (chunk) { self._feed(String(chunk)); };
    this._onEnd = function () { self._flush(); self.close(); };
    this.input.on('data', this._onData);
    this.input.on('end', this._onEnd);
  }
}
inherit(Interface, EventEmitter);
Interface.prototype._feed = function (text) {
  if (this.closed) return;
  if (this._cr && text.charAt(0) === '\n') text = text.slice(1);
  this._cr = false;
  var parts = (this._rest + text).split(/\r\n|\n|\r/);
  this._cr = /\r$/.test(text);
  this._rest = parts.pop();
  for (var i = 0; i < parts.length && !this.closed; i++) this._line(parts[i]);
};
Interface.prototype._flush = function () {
  if (this._rest !== '') { var last = this._rest; this._rest = ''; this._line(last); }
};
Interface.prototype._line = function (line) {
  var answer = this._answers.shift();
  if (answer) answer(line);
  else this.emit('line', line);
};
Interface.prototype.question = function (query, options, cb) {
  if (typeof options === 'function') cb = options;
  if (this.closed) { var e = new Error('readline was closed'); e.code = 'ERR_USE_AFTER_CLOSE'; throw e; }
  if (this.output && typeof this.output.write === 'function') this.output.write(String(query));
  if (typeof cb === 'function') this._answers.push(cb);
};
Interface.prototype.setPrompt = function (p) { this._prompt = String(p); };
Interface.prototype.getPrompt = function () { return this._prompt; };
Interface.prototype.prompt = function () {
  if (this.output && typeof this.output.write === 'function') this.output.write(this._prompt);
};
// data written to the interface is read as if it came from the input
Interface.prototype.write = function (data) { if (typeof data === 'string') this._feed(data); };
Interface.prototype.pause = function () { if (this.input && this.input.pause) this.input.pause(); this.emit('pause'); return this; };
Interface.prototype.resume = function () { if (this.input && this.input.resume) this.input.resume(); this.emit('resume'); return this; };
Interface.prototype.close = function () {
  if (this.closed) return;
  this.closed = true;
  if (this.input && typeof this.input.removeListener === 'function') {
    this.input.removeListener('data', this._onData);
    this.input.removeListener('end', this._onEnd);
  }
  this.emit('close');
};
Interface.prototype.getCursorPos = function () { return { rows: 0, cols: this.line.length }; };
Interface.prototype[Symbol.asyncIterator] = function () {
  var self = this, lines = [], waiting = [], done = false;
  this.on('line', function (l) { var w = waiting.shift(); if (w) w({ value: l, done: false }); else lines.push(l); });
  this.on('close', function () { done = true; waiting.splice(0).forEach(function (w) { w({ value: undefined, done: true }); }); });
  return {
    next: function () {
      if (lines.length) return Promise.resolve({ value: lines.shift(), done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise(function (r) { waiting.push(r); });
    },
    return: function () { self.close(); return Promise.resolve({ value: undefined, done: true }); },
    [Symbol.asyncIterator]: function () { return this; }
  };
};
// the cursor functions write the control sequences node writes
function ansi(stream, text, cb) {
  if (!stream || typeof stream.write !== 'function') { if (typeof cb === 'function') process.nextTick(cb, null); return true; }
  return stream.write(text, cb);
}
var readline = {
  Interface: Interface,
  createInterface: function (input, output, completer, terminal) { return new Interface(input, output, completer, terminal); },
  clearLine: function (stream, dir, cb) { return ansi(stream, dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K', cb); },
  clearScreenDown: function (stream, cb) { return ansi(stream, '\x1b[0J', cb); },
  cursorTo: function (stream, x, y, cb) {
    if (typeof y === 'function') { cb = y; y = undefined; }
    return ansi(stream, typeof y === 'number' ? '\x1b[' + (y + 1) + ';' + (x + 1) + 'H' : '\x1b[' + (x + 1) + 'G', cb);
  },
  moveCursor: function (stream, dx, dy, cb) {
    var t = '';
    if (dx < 0) t += '\x1b[' + -dx + 'D'; else if (dx > 0) t += '\x1b[' + dx + 'C';
    if (dy < 0) t += '\x1b[' + -dy + 'A'; else if (dy > 0) t += '\x1b[' + dy + 'B';
    return ansi(stream, t, cb);
  },
  emitKeypressEvents: function () {}
};
// `readline/promises`: `question` answers with a promise
var readlinePromises = {
  Interface: Interface,
  createInterface: function (input, output, completer, terminal) {
    var rl = new Interface(input, output, completer, terminal);
    var ask = rl.question;
    rl.question = function (query) {
      var self = this;
      return new Promise(function (resolve) { ask.call(self, query, resolve); });
    };
    return rl;
  }
};

module.exports = { readline: readline, 'readline/promises': readlinePromises };
