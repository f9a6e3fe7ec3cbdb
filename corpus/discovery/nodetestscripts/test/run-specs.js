require('node:test')('x', () => {});
