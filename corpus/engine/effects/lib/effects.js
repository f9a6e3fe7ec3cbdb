'use strict';
const later = [];
let taken = 0;

function costly(x) {
  let s = 0;
  for (let i = 0; i < 50; i++) s += i;
  return s > 0 && x % 3 === 0;
}

// each of these checks does something besides answering: moving it would move that too
function take() {
  taken++;
  return true;
}
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

exports.counter = (x) => costly(x) && take();
exports.printing = (x) => x % 2 === 0 && shout(x);
exports.quiet = (x) => x < 0 && shout(x);
exports.timer = (x) => x % 4 === 0 && schedule(x);
exports.jobs = (x) => x % 5 === 0 && chain(x);
exports.later = () => later.slice();
exports.taken = () => taken;
// test() on a regular expression that is not global or sticky reads lastIndex and writes nothing:
// reorderable; on a global one it advances lastIndex: not reorderable
const WORD = /^[a-z]+$/;
const DIGITS = /[0-9]+/g;
exports.word = (s) => s.length > 2 && WORD.test(s);
exports.digits = (s) => s.length > 2 && DIGITS.test(s);
// String match, replace, search and split on a plain expression write no lastIndex either (the
// spec's RegExpBuiltinExec writes it only for a global or sticky one): reorderable; replace on a
// global one resets it: not reorderable
exports.shaped = (s) => s.length > 2 && s.match(WORD) !== null && s.replace(WORD, '') === '' && s.search(WORD) === 0 && s.split(WORD).length === 2;
exports.masked = (s) => s.length > 2 && s.replace(DIGITS, '#') !== s;
// `then` called on what is not a promise throws and queues nothing (an is-promise check):
// reorderable in both engines
const thenOf = Function.prototype.call.bind(Promise.prototype.then);
function isPromise(v) {
  try {
    thenOf(v, () => {});
    return true;
  } catch (e) {
    return false;
  }
}
exports.settled = (v) => v === null || isPromise(v);
// exec whose argument's toString throws writes no lastIndex, even on a global expression (an
// is-regex check): reorderable in both engines
const execOf = Function.prototype.call.bind(RegExp.prototype.exec);
const THROWS = { toString() { throw THROWS; } };
function isRegex(v) {
  try {
    execOf(v, THROWS);
  } catch (e) {
    return e === THROWS;
  }
  return false;
}
exports.regexy = (v) => v !== null && isRegex(v);
