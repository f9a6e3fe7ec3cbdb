'use strict';
exports.from = 'the folder test/';
exports.here = require('.').from === 'the folder test/' ? 'itself' : 'elsewhere';
