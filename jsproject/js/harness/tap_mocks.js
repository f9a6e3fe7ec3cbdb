// decisionprof test harness: node-tap's module mocks, `t.mockRequire`, `t.mockImport`, `t.mock`
// (tap 16's name for `mockRequire`), `t.mockAll` and `t.createMock`. The module loads with
// modules of its own and the mocks standing for what they name (module_mocks.js).
'use strict';
var moduleMocks = require('./module_mocks');

// A copy of `base` with `over`'s values in place of its own, nested objects merged the same way.
function createMock(base, over) {
  if (over === null || typeof over !== 'object' || Array.isArray(over)) return over;
  if (base === null || (typeof base !== 'object' && typeof base !== 'function')) return over;
  var out;
  if (typeof base === 'function') {
    out = function () { return base.apply(this, arguments); };
    Object.setPrototypeOf(out, Object.getPrototypeOf(base));
  } else {
    out = Array.isArray(base) ? [] : Object.create(Object.getPrototypeOf(base));
  }
  Object.keys(base).forEach(function (k) { out[k] = base[k]; });
  Object.keys(over).forEach(function (k) { out[k] = createMock(base[k], over[k]); });
  return out;
}

// Adds the mocking methods to test object `t`, whose test file (relative to the root) `file()`
// gives: module and mock names are read as from that file, as tap reads them.
function tapMocks(t, file) {
  var all = {};
  var withAll = function (mocks) {
    if (mocks !== undefined && (mocks === null || typeof mocks !== 'object')) {
      throw new TypeError('mocks must be an object of module names and their stand-ins');
    }
    return Object.assign({}, all, mocks || {});
  };
  var named = function (spec, api) {
    if (typeof spec !== 'string') throw new TypeError(api + '(): the module must be named by a string');
  };
  t.mockRequire = function (spec, mocks) {
    named(spec, 't.mockRequire');
    return moduleMocks.tapRequire(file(), spec, withAll(mocks));
  };
  t.mock = t.mockRequire;
  t.mockImport = function (spec, mocks) {
    named(spec, 't.mockImport');
    return moduleMocks.tapImport(file(), spec, withAll(mocks));
  };
  t.mockAll = function (mocks) {
    if (mocks === null) all = {};
    else if (mocks !== undefined) {
      Object.keys(mocks).forEach(function (k) {
        if (mocks[k] == null) delete all[k];
        else all[k] = mocks[k];
      });
    }
    return all;
  };
  t.createMock = createMock;
}

module.exports = tapMocks;
