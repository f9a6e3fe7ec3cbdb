// `node` may be missing: the first check then throws
module.exports = function flagged(node, options) {
  const both = node.invalid === true && options.strict === true;
  return both;
};
