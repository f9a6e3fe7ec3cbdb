'use strict';
const later = [];

// each of these checks does something besides answering: moving it would move that too
function shout(x) {
  console.log('checked', x);
  return x > 5;
}
function schedule(x) {
  setTimeout(() => later.push(x), 0);
  return x > 2;
}
function chain(x) {
  Promise.resolve(x).then((v) => later.push(-v));
  return x > 1;
}

exports.printing = (x) => x % 2 === 0 && shout(x);
exports.quiet = (x) => x < 0 && shout(x);
exports.timer = (x) => x % 4 === 0 && schedule(x);
exports.jobs = (x) => x % 5 === 0 && chain(x);
exports.later = () => later.slice();
