'use strict';
const has = (list, key) => list.some((item) => item === key);

// with `exclude` undefined, the second check, run speculatively, throws inside `has`
function convert(key, exclude) {
  if (typeof key === 'string' && !(exclude && has(exclude, key))) {
    return key.toUpperCase();
  }
  return key;
}

module.exports = { convert };
