const path = require('path');
// how many folders lie above `dir`, counted as browserslist walks them: the left operand of
// `!==` is read before the right one assigns it
function depth(dir) {
  let steps = 0;
  do {
    steps++;
  } while (dir !== (dir = path.dirname(dir)));
  return steps;
}
function sumTwice(x) {
  return x + (x += 5);
}
module.exports = { depth, sumTwice };
// a constructor that returns what it reads from `super(…)`: Boa 0.22 alone cannot parse it
class Base {
  constructor(v) {
    this.v = v;
  }
  doubled() {
    return { v: this.v * 2 };
  }
}
class Doubling extends Base {
  constructor(v) {
    return super(v).doubled();
  }
}
module.exports.Doubling = Doubling;
