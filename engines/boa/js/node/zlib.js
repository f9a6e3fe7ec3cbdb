// decisionprof host, Node's `zlib`: deflate, inflate, gzip and gunzip (the engine's, `host.zlib`),
// synchronous and with a callback.
'use strict';
var host = require('decisionprof:host');
var binary = require('./binary');
var toBinary = binary.toBinary, fromBinary = binary.fromBinary;
var process = require('process');
function zlibSync(op) {
  return function (data) { return fromBinary(host.zlib(op, toBinary(data))); };
}
function zlibAsync(op) {
  var sync = zlibSync(op);
  return function (data, opts, cb) {
    if (typeof opts === 'function') cb = opts;
    var out, err = null;
    try { out = sync(data); } catch (e) { err = e; }
    process.nextTick(function () { cb(err, out); });
  };
}
var zlib = { constants: { Z_NO_FLUSH: 0, Z_FINISH: 4, Z_OK: 0, Z_STREAM_END: 1, Z_DEFAULT_COMPRESSION: -1, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9 } };
[['deflate', 'deflate'], ['inflate', 'inflate'], ['deflateRaw', 'deflateRaw'], ['inflateRaw', 'inflateRaw'], ['gzip', 'gzip'], ['gunzip', 'gunzip'], ['unzip', 'inflate']].forEach(function (p) {
  zlib[p[0] + 'Sync'] = zlibSync(p[1]);
  zlib[p[0]] = zlibAsync(p[1]);
});
['brotliCompress', 'brotliDecompress', 'createGzip', 'createGunzip', 'createDeflate', 'createInflate'].forEach(function (n) {
  zlib[n] = zlib[n + 'Sync'] = function () { throw new Error('zlib.' + n + ' is not available in the embedded engine (the synchronous and callback forms of deflate/inflate/gzip/gunzip are)'); };
});

module.exports = { zlib: zlib };
