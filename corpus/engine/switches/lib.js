'use strict';
const ONE = 1;

// Every label a literal: the runtime finds the clause itself.
function literal(x) {
  switch (x) {
    case 'a': return 'letter';
    case 1: return 'one';
    case -2: return 'minus two';
    default: return 'other';
    case `t`: return 'template';
    case null: return 'null';
    case true: return 'true';
    case 0: return 'zero';
  }
}

// The same with `ONE` for `1`: each case test is reported as it runs.
function opened(x) {
  switch (x) {
    case 'a': return 'letter';
    case ONE: return 'one';
    case -2: return 'minus two';
    default: return 'other';
    case `t`: return 'template';
    case null: return 'null';
    case true: return 'true';
    case 0: return 'zero';
  }
}

// No default: a value that matches nothing leaves the switch after every test.
function noDefault(x) {
  let r = 'none';
  switch (x) {
    case 'x': r = 'x';
    // falls through
    case 'y': r += 'y'; break;
  }
  return r;
}

// A switch whose clause recurses into itself.
function depth(n) {
  switch (n) {
    case 0: return 0;
    case 1: return 1;
    default: return 1 + depth(n - 1);
  }
}

module.exports = { literal, opened, noDefault, depth };
