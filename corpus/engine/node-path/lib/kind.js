'use strict';
// Resolved through NODE_PATH=./ (`require('lib/kind')`).
module.exports = function kind(v) {
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'array';
  return 'other';
};
