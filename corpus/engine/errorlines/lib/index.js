'use strict';
// Errors thrown in instrumented code name the lines they name in the original: the lines of
// each error's two top frames are collected (paths differ between the runs, lines must not).

/* A block comment
   over two lines. */

function lines(e) {
  return e.stack
    .split('\n')
    .slice(1, 3)
    .map((f) => (/:(\d+):\d+\)?$/.exec(f) || [])[1])
    .join(',');
}

function kind(x) {
  if (typeof x === 'number') {
    return 'number';
  } else if (typeof x === 'string') {
    throw new Error('a string');
  } else if (Array.isArray(x)) {
    return 'array';
  }

  // a guard sequence
  if (x === null) return 'null';
  if (x === undefined) throw new TypeError('undefined');
  return 'object';
}

function attempt(x) {
  try {
    return kind(x);
  } catch (e) {
    return lines(e);
  } finally {
    if (x && x.length > 2 || x === 0) kind([]);
  }
}

const out = [];
for (const x of [1, 'a', [1, 2, 3], null, undefined, {}]) {
  out.push(attempt(x));
}

const template = `first line
second line ${kind(1)}
third line`;

try {


  kind(template);
} catch (e) {
  out.push(lines(e));
}
module.exports = out;
