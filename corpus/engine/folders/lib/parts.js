'use strict';
exports.from = 'the file lib/parts.js';
