module.exports = {
  testEnvironment: 'node',
  testRegex: ['/__tests__/.*\\.js$', '\\.check\\.js$'],
};
