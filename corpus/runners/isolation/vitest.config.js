export default {
  test: {
    setupFiles: ['./test/setup.js'],
  },
};
