'use strict';
const assert = require('assert');
const state = require('./state.js');
const { accept } = require('../lib/inbox.js');

describe('inbox', function () {
  it('starts with the global fixture and root hooks run', function () {
    assert.strictEqual(state.setUp, 1);
    assert.strictEqual(state.beforeAll, 1);
    assert.strictEqual(state.beforeEach, 1);
    assert.deepStrictEqual(state.inbox, []);
  });
  it('gets a fresh inbox from the root beforeEach', function () {
    assert.ok(accept(state.inbox, { body: 'hi' }));
    assert.strictEqual(state.inbox.length, 1);
    assert.strictEqual(state.afterEach, 1);
  });
  it('refuses spam and a full inbox', function () {
    assert.deepStrictEqual(state.inbox, []);
    assert.strictEqual(accept(state.inbox, { body: 'x', spam: true }), false);
    for (let i = 0; i < 3; i++) accept(state.inbox, { body: 'm' + i });
    assert.strictEqual(accept(state.inbox, { body: 'late' }), false);
    assert.strictEqual(state.beforeEach, 3);
  });
});
