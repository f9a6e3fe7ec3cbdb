// decisionprof host: bytes as binary strings (one character per byte) and back, what the
// engine's hash and zlib natives take and give.
'use strict';
var Buffer = require('buffer').Buffer;
function toBinary(data, enc) {
  var b = Buffer.isBuffer(data) ? data : data instanceof Uint8Array ? Buffer.from(data) : Buffer.from(String(data), enc);
  var s = '';
  for (var i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}
function fromBinary(s) {
  var b = Buffer.alloc(s.length);
  for (var i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

module.exports = { toBinary: toBinary, fromBinary: fromBinary };
