'use strict';
// A root hook plugin: its hooks run around every test of every file.
const state = require('./state.js');

exports.mochaGlobalSetup = async function () {
  state.setUp += 1;
};

exports.mochaHooks = () => ({
  beforeAll() {
    state.beforeAll += 1;
  },
  beforeEach() {
    state.beforeEach += 1;
    state.inbox = [];
  },
  afterEach: [
    function () {
      state.afterEach += 1;
    }
  ]
});
