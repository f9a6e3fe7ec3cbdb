function pick(x) {
  return typeof x === 'string' && x.length > 2 ? 'long' : 'short';
}
module.exports = { pick };
