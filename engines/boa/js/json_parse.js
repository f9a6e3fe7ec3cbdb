// decisionprof host prelude: JSON.parse as node answers. Boa's parser gives its own error texts
// ("EOF while parsing an object at line 1 column 2") where tests match V8's ("Expected property
// name or '}' in JSON at position 2"), and refuses valid JSON that V8 reads: numbers beyond the
// double range (`1e400` is Infinity) and arrays or objects nested deeper than it allows. Boa's
// parser still does the work; only when it throws does this parser read the text again, giving
// the value V8 gives or throwing V8's SyntaxError. Evaluated by engines/boa/src/host.rs before the
// native-cost wrappers, which then charge the replacement as they charged the original.
(function (host) {
  'use strict';
  var nativeParse = JSON.parse;
  var WS = { ' ': true, '\t': true, '\n': true, '\r': true };
  var SPECIAL = { 'NaN': true, 'Infinity': true, 'undefined': true, '[object Object]': true };
  var ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
  var CONTEXT = 10;

  function fail(message) { throw new SyntaxError(message); }

  // V8's text for an unexpected character at `pos`, by what the character starts
  function unexpected(src, pos) {
    if (pos >= src.length) fail('Unexpected end of JSON input');
    var c = src[pos];
    if (c === '"') fail('Unexpected string in JSON at position ' + pos);
    if (c === '-' || (c >= '0' && c <= '9')) fail('Unexpected number in JSON at position ' + pos);
    if (SPECIAL[src] === true) fail('"' + src + '" is not valid JSON');
    var head = 'Unexpected token \'' + c + '\', ';
    if (src.length <= 2 * CONTEXT) fail(head + '"' + src + '" is not valid JSON');
    if (pos < CONTEXT) fail(head + '"' + src.slice(0, pos + CONTEXT) + '"... is not valid JSON');
    if (pos < src.length - CONTEXT) fail(head + '..."' + src.slice(pos - CONTEXT, pos + CONTEXT) + '"... is not valid JSON');
    fail(head + '..."' + src.slice(pos - CONTEXT) + '" is not valid JSON');
  }

  function at(message, pos) { fail(message + ' in JSON at position ' + pos); }

  function Parser(src) { this.src = src; this.pos = 0; }

  Parser.prototype.skip = function () {
    while (this.pos < this.src.length && WS[this.src[this.pos]] === true) this.pos++;
    return this.src[this.pos];
  };

  Parser.prototype.value = function () {
    var c = this.skip();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return unexpected(this.src, this.pos);
  };

  Parser.prototype.literal = function (word, value) {
    for (var i = 0; i < word.length; i++, this.pos++) {
      if (this.src[this.pos] !== word[i]) unexpected(this.src, this.pos);
    }
    return value;
  };

  Parser.prototype.digits = function () {
    var start = this.pos;
    while (this.src[this.pos] >= '0' && this.src[this.pos] <= '9') this.pos++;
    return this.pos > start;
  };

  Parser.prototype.number = function () {
    var src = this.src, start = this.pos;
    if (src[this.pos] === '-') {
      this.pos++;
      if (!(src[this.pos] >= '0' && src[this.pos] <= '9')) at('No number after minus sign', this.pos);
    }
    if (src[this.pos] === '0') {
      this.pos++;
      if (src[this.pos] >= '0' && src[this.pos] <= '9') at('Unexpected number', this.pos);
    } else {
      this.digits();
    }
    if (src[this.pos] === '.') {
      this.pos++;
      if (!this.digits()) at('Unterminated fractional number', this.pos);
    }
    if (src[this.pos] === 'e' || src[this.pos] === 'E') {
      this.pos++;
      if (src[this.pos] === '+' || src[this.pos] === '-') this.pos++;
      if (!this.digits()) at('Exponent part is missing a number', this.pos);
    }
    return Number(src.slice(start, this.pos));
  };

  Parser.prototype.string = function () {
    var src = this.src, out = '';
    this.pos++;
    for (;;) {
      if (this.pos >= src.length) at('Unterminated string', this.pos);
      var c = src[this.pos];
      if (c === '"') { this.pos++; return out; }
      if (c < ' ') at('Bad control character in string literal', this.pos);
      if (c !== '\\') { out += c; this.pos++; continue; }
      this.pos++;
      if (this.pos >= src.length) unexpected(src, this.pos);
      var e = src[this.pos];
      if (e === 'u') {
        for (var i = 1; i <= 4; i++) {
          if (!/[0-9a-fA-F]/.test(src[this.pos + i] || '')) at('Bad Unicode escape', this.pos + i);
        }
        out += String.fromCharCode(parseInt(src.slice(this.pos + 1, this.pos + 5), 16));
        this.pos += 5;
      } else if (Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
        out += ESCAPES[e];
        this.pos++;
      } else {
        at('Bad escaped character', this.pos);
      }
    }
  };

  // after `[`: V8 names what it expected after an element, even at the end of the text
  Parser.prototype.array = function () {
    var out = [];
    this.pos++;
    if (this.skip() === ']') { this.pos++; return out; }
    for (;;) {
      out.push(this.value());
      var c = this.skip();
      if (c === ']') { this.pos++; return out; }
      if (c !== ',') at('Expected \',\' or \']\' after array element', this.pos);
      this.pos++;
    }
  };

  // after `{`: the first name and its colon get V8's own messages, the later ones its token's
  Parser.prototype.object = function () {
    var out = {};
    this.pos++;
    var c = this.skip();
    if (c === '}') { this.pos++; return out; }
    if (c !== '"') at('Expected property name or \'}\'', this.pos);
    for (var first = true; ; first = false) {
      var key = this.string();
      if (this.skip() !== ':') {
        if (first) at('Expected \':\' after property name', this.pos);
        unexpected(this.src, this.pos);
      }
      this.pos++;
      Object.defineProperty(out, key, { value: this.value(), writable: true, enumerable: true, configurable: true });
      c = this.skip();
      if (c === '}') { this.pos++; return out; }
      if (c !== ',') at('Expected \',\' or \'}\' after property value', this.pos);
      this.pos++;
      if (this.skip() !== '"') at('Expected double-quoted property name', this.pos);
    }
  };

  // the spec's InternalizeJSONProperty: the reviver sees each value after its members
  function internalize(holder, name, reviver) {
    var val = holder[name];
    if (val !== null && typeof val === 'object') {
      var keys = Object.keys(val);
      if (Array.isArray(val)) {
        keys = [];
        for (var n = val.length, j = 0; j < n; j++) keys.push(String(j));
      }
      for (var i = 0; i < keys.length; i++) {
        var v = internalize(val, keys[i], reviver);
        if (v === undefined) delete val[keys[i]];
        else Object.defineProperty(val, keys[i], { value: v, writable: true, enumerable: true, configurable: true });
      }
    }
    return reviver.call(holder, name, val);
  }

  function slowParse(src) {
    var p = new Parser(src);
    var value = p.value();
    if (p.skip() !== undefined) fail('Unexpected non-whitespace character after JSON at position ' + p.pos);
    return value;
  }

  // A reviver runs once, after the text is read: Boa's own when its parser read the text (so
  // the built-ins it calls are charged as before), ours otherwise. Reading the text again stands
  // in for V8's parser and charges nothing (`host.native`).
  var parse = {
    parse(text, reviver) {
      var src = typeof text === 'string' ? text : `${text}`;
      var value;
      try {
        value = nativeParse.call(JSON, src);
      } catch (e) {
        if (!(e instanceof SyntaxError)) throw e;
        value = host.native(slowParse, undefined, [src]);
        return typeof reviver === 'function' ? internalize({ '': value }, '', reviver) : value;
      }
      return typeof reviver === 'function' ? nativeParse.call(JSON, src, reviver) : value;
    }
  }.parse;
  Object.defineProperty(JSON, 'parse', { value: parse, writable: true, enumerable: false, configurable: true });
})
