export default {
  files: ['test/**/*', '!test/helpers/**'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
};
