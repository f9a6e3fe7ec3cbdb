'use strict';
// A decision worth reordering: the costly check comes first although the cheap one is
// nearly always false.
function costly(xs) {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s > 10;
}
exports.pick = (xs, flag) => costly(xs) && flag;
