// wraps a value in a promise unless it is one already
function wrap(v) {
  return v !== null && typeof v === 'object' && typeof v.then === 'function' ? v : Promise.resolve(v);
}
module.exports = { wrap };
