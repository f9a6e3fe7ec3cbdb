// expect: undone
const memo = require('../fixtures/memo');
exports.known = (flag, key) => flag && memo.lookup(key) > 2;
