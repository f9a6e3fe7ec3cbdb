// decisionprof host, Node's `crypto`: hashes and HMAC (the engine's, `host.hash`), random bytes and
// UUIDs, and the web's `crypto` (`getRandomValues`, `randomUUID`).
'use strict';
var host = require('decisionprof:host');
var Buffer = require('buffer').Buffer;
var binary = require('./binary');
var toBinary = binary.toBinary, fromBinary = binary.fromBinary;
var process = require('process');
function encodeOut(buf, enc) { return enc ? buf.toString(enc) : buf; }
// Random bytes are deterministic (a fixed-seed xorshift): runs are reproducible by design.
var seed = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x3c6ef372];
function nextRandom() {
  var t = seed[3];
  var s = seed[0];
  seed[3] = seed[2]; seed[2] = seed[1]; seed[1] = s;
  t ^= t << 11; t ^= t >>> 8;
  seed[0] = (t ^ s ^ (s >>> 19)) >>> 0;
  return seed[0];
}
function randomBytes(n, cb) {
  var b = Buffer.alloc(n);
  for (var i = 0; i < n; i++) b[i] = nextRandom() & 0xff;
  if (typeof cb === 'function') { process.nextTick(function () { cb(null, b); }); return undefined; }
  return b;
}
function Hash(alg) { this._alg = String(alg).toLowerCase().replace('-', ''); this._data = ''; host.hash(this._alg, ''); }
Hash.prototype.update = function (data, enc) { this._data += toBinary(data, enc); return this; };
Hash.prototype.digest = function (enc) { return encodeOut(fromBinary(host.hash(this._alg, this._data)), enc); };
Hash.prototype.copy = function () { var h = new Hash(this._alg); h._data = this._data; return h; };
var BLOCK = { md5: 64, sha1: 64, sha224: 64, sha256: 64, sha384: 128, sha512: 128 };
function Hmac(alg, key) {
  this._alg = String(alg).toLowerCase().replace('-', '');
  var k = toBinary(key);
  var block = BLOCK[this._alg] || 64;
  if (k.length > block) k = host.hash(this._alg, k);
  while (k.length < block) k += '\0';
  var xor = function (c) { var s = ''; for (var i = 0; i < k.length; i++) s += String.fromCharCode(k.charCodeAt(i) ^ c); return s; };
  this._outer = xor(0x5c);
  this._inner = xor(0x36);
  this._data = '';
}
Hmac.prototype.update = Hash.prototype.update;
Hmac.prototype.digest = function (enc) {
  var inner = host.hash(this._alg, this._inner + this._data);
  return encodeOut(fromBinary(host.hash(this._alg, this._outer + inner)), enc);
};
function randomUUID() {
  var b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  var h = b.toString('hex');
  return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
}
function getRandomValues(arr) {
  var bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
  var r = randomBytes(bytes.length);
  for (var i = 0; i < bytes.length; i++) bytes[i] = r[i];
  return arr;
}
var webcrypto = {
  getRandomValues: getRandomValues,
  randomUUID: randomUUID,
  get subtle() { throw new Error('crypto.subtle is not available in the embedded engine'); }
};
var crypto = {
  createHash: function (alg) { return new Hash(alg); },
  createHmac: function (alg, key) { return new Hmac(alg, key); },
  randomBytes: randomBytes,
  pseudoRandomBytes: randomBytes,
  randomFillSync: function (buf) { return getRandomValues(buf); },
  randomInt: function (min, max) { if (max === undefined) { max = min; min = 0; } return min + (nextRandom() % (max - min)); },
  randomUUID: randomUUID,
  getRandomValues: getRandomValues,
  timingSafeEqual: function (a, b) {
    if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
    var d = 0;
    for (var i = 0; i < a.length; i++) d |= a[i] ^ b[i];
    return d === 0;
  },
  getHashes: function () { return Object.keys(BLOCK); },
  webcrypto: webcrypto
};

module.exports = { crypto: crypto };
