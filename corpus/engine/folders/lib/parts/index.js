'use strict';
exports.from = 'the folder lib/parts/';
