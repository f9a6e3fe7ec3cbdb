'use strict';
module.exports = require('./nope');
