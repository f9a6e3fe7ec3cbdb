'use strict';
module.exports = { setUp: 0, beforeAll: 0, beforeEach: 0, afterEach: 0, inbox: null };
