'use strict';
module.exports = function pick(a, b) {
  return (a > 1 && b > 1) ? 'dist' : 'none';
};
