// settings: the mode is read once, as the module loads
const store = require('./store.js');

const mode = process.env.SETTINGS_MODE === 'strict' ? 'strict' : 'loose';
let loads = (globalThis.settingsLoads = (globalThis.settingsLoads || 0) + 1);

exports.mode = mode;
exports.loads = loads;
exports.level = function (file) {
  const text = store.read(file);
  if (text.length > 10 && mode === 'strict') return 'high';
  if (text.length > 0) return 'some';
  return 'none';
};
