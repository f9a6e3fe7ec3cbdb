// where settings are kept: a file, read once
const fs = require('fs');

exports.read = function (file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};
