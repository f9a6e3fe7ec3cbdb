'use strict';
// The leading run of keys that are array indices (`a.length = n` truncates the key list).
function indices(array) {
  const keys = Object.keys(array);
  let i = keys.length - 1;
  while (i >= 0 && !(keys[i] !== '' && String(+keys[i]) === keys[i])) i--;
  keys.length = i + 1;
  return keys;
}
module.exports = { indices };
