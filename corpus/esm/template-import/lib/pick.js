'use strict';
// which imports a grammar's text names
exports.imports = function imports(text) {
  return text.split('\n').filter((line) => line.length > 0 && line.startsWith('import')).length;
};
