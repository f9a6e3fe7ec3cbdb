// a decision the profiled run records while a test has deleted Map and Set
module.exports = function kind(o) {
  return o && typeof o === 'object' ? 'object' : 'other';
};
