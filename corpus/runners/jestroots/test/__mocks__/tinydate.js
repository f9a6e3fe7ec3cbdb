const tinydate = require('../../src').default;

module.exports = tinydate;
