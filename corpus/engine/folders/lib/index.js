'use strict';
exports.from = 'the folder lib/';
exports.parts = require('./parts/');
