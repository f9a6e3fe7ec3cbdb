'use strict';
// a callable class instance, as argparse's Action and FileType are
class Callable extends Function {
  constructor() {
    super('return arguments.callee.call.apply(arguments.callee, arguments)');
  }
  call(x) { return x === 1 || x === 2 ? 'one or two' : 'other'; }
}

function   spaced( a,b ) { return a && b; }
const arrow = (a) => a || 'none';
const shapes = {
  area(w, h) { return w > 0 && h > 0 ? w * h : 0; },
  get unit() { return 'px'; },
};
class Box { size() { return 1; } }

/** the source text of a function, as serializers and argument-name readers take it */
const source = (f) => (typeof f === 'function' && f.toString()) || '';

module.exports = { Callable, spaced, arrow, shapes, Box, source };
