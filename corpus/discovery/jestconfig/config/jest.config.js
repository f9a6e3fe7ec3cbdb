module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testPathIgnorePatterns: ['/node_modules/', '/helpers/'],
  setupFilesAfterEnv: ['<rootDir>/config/setup.js'],
};
