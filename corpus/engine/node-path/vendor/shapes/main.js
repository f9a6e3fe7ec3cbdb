'use strict';
// A package in a NODE_PATH folder (`require('shapes')`), found by its package.json "main".
exports.sides = function (name) { return name === 'triangle' ? 3 : name === 'square' ? 4 : 0; };
