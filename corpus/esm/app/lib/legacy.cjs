'use strict';
// CommonJS helper imported from ES modules: default = module.exports, named = exports.x.
const words = [];
for (let i = 0; i < 400; i++) words.push('w' + i);
exports.mentionsKnownWord = function (note) {
  let hits = 0;
  for (let i = 0; i < words.length; i++) {
    if (note.indexOf(words[i]) === 0) hits++;
  }
  return hits > 0;
};
exports.kind = 'cjs';
