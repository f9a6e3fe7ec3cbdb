const fs = require('fs');
const path = require('path');

exports.size = function size(p) {
  return fs.readFileSync(path.resolve(p), 'utf8').length;
};
