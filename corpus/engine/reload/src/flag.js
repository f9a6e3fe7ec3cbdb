// reads the environment once, when it loads
const on = process.env.FLAG === '1';

module.exports = function pick(a, b) {
  if (on && a > 0) {
    return a;
  }
  return b;
};
