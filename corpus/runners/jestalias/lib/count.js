const { limit } = require('settings');
const { clamp } = require('~util');

exports.count = function count(items) {
  return clamp(items.filter((x) => x !== null && x !== undefined).length, limit);
};
