// A memo kept in the module: a test file sees only what its own tests stored.
const entries = new Map();
let limit = 2;

function configure(options) {
  if (options && typeof options.limit === 'number') limit = options.limit;
}

function remember(key, value) {
  if (entries.size >= limit || entries.has(key)) {
    return false;
  }
  entries.set(key, value);
  return true;
}

module.exports = { configure, remember, size: () => entries.size };
