const dep = require('./dep');

exports.use = function use() {
  return dep.value() === 'mocked' && dep.flag > 0 ? 'uses mocked' : 'uses ' + dep.value();
};
