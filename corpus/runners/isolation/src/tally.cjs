// CommonJS state, imported from ES modules.
const seen = [];

module.exports = {
  add(x) {
    seen.push(x);
    return seen.length;
  },
  size() {
    return seen.length;
  },
};
