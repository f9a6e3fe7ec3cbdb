// what babel or webpack make of an ES module: CommonJS flagged `__esModule`, its default export
// under `default`
'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
exports.default = function isSmall(n) {
  return typeof n === 'number' && n < 10;
};
exports.limit = 10;
