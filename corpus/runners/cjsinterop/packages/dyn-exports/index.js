// module.exports built at run time: no export name is spelled out for a static reader
function build(names) {
  const api = { loads: 0 };
  for (const name of names) {
    api[name] = function (obj, key, value) {
      if (name === 'set' && obj !== null && typeof obj === 'object') {
        obj[key] = value;
        return obj;
      }
      return obj == null ? undefined : obj[key];
    };
  }
  return api;
}

module.exports = build(['set', 'get']);
module.exports.loads++;
