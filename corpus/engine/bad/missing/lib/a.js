module.exports = require('./b');
