'use strict';
exports.from = 'the file test.js';
