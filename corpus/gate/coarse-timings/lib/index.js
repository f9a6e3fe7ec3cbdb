'use strict';
// Names the suite never passes: a scan of 250 entries, then a one-character test.
const reserved = [];
for (let i = 0; i < 250; i++) reserved.push('_name' + i);

/** The scan runs first, though the first character is seldom an underscore. */
function isReserved(name) {
  return reserved.indexOf(name) >= 0 && name.charCodeAt(0) === 95;
}
module.exports = { isReserved };
