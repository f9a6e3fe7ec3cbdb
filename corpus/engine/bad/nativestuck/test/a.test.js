const assert = require('assert');
const { pick } = require('../lib/pick');

describe('pick', function () {
  it('runs the decision', function () {
    for (let i = 0; i < 50; i++) assert.ok(pick('x'.repeat(i % 5)));
  });
  it('is stuck in a regular expression', function () {
    this.timeout(0);
    assert.ok(!/^(a+)+$/.test('a'.repeat(40) + '!'));
  });
  it('runs after it', function () {
    assert.ok(pick('y'));
  });
});
