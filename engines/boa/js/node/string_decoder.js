// decisionprof host, Node's `string_decoder`: text from bytes that may end inside a character.
'use strict';
var Buffer = require('buffer').Buffer;
function StringDecoder(encoding) {
  this.encoding = String(encoding || 'utf8').toLowerCase().replace('-', '');
  if (this.encoding === 'utf8') this.encoding = 'utf8';
  this._pending = [];
}
StringDecoder.prototype.write = function (buf) {
  if (typeof buf === 'string') return buf;
  var bytes = this._pending.concat(Array.prototype.slice.call(buf));
  this._pending = [];
  if (this.encoding === 'utf8') {
    // keep an incomplete trailing UTF-8 sequence for the next write
    var i = bytes.length - 1, need = 0, back = 0;
    while (i >= 0 && back < 4 && (bytes[i] & 0xc0) === 0x80) { i--; back++; }
    if (i >= 0) {
      var b = bytes[i];
      need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (need > back + 1) { this._pending = bytes.slice(i); bytes = bytes.slice(0, i); }
    }
  } else if (this.encoding === 'utf16le' || this.encoding === 'ucs2') {
    if (bytes.length % 2) this._pending = bytes.splice(bytes.length - 1, 1);
  }
  return Buffer.from(bytes).toString(this.encoding);
};
StringDecoder.prototype.end = function (buf) {
  var s = buf ? this.write(buf) : '';
  if (this._pending.length) { s += Buffer.from(this._pending).toString(this.encoding); this._pending = []; }
  return s;
};

module.exports = { string_decoder: { StringDecoder: StringDecoder } };
