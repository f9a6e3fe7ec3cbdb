// Read once, when the module is evaluated.
let loads = (global.__configLoads = (global.__configLoads || 0) + 1);
const mode = process.env.APP_MODE || 'dev';
module.exports = {
  mode,
  loads,
  verbose: mode === 'debug' || process.env.APP_VERBOSE === '1',
};
