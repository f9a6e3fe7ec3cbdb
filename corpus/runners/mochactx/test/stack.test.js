const assert = require('assert');
const { Stack } = require('../lib/stack.js');

describe('Stack', function () {
  before(function () {
    this.limit = 2;
  });
  beforeEach(function () {
    this.stack = new Stack(this.limit);
  });

  it('sees what the before hook set on this', function () {
    assert.strictEqual(this.limit, 2);
    assert.ok(this.stack.push(1));
  });

  it('keeps its own timeout', function () {
    this.timeout(5000);
    assert.strictEqual(this.timeout(), 5000);
    assert.strictEqual(this.test.title, 'keeps its own timeout');
  });

  describe('nested', function () {
    before(function () {
      this.extra = 'x';
    });
    it('inherits the outer context', function () {
      assert.strictEqual(this.limit, 2);
      assert.strictEqual(this.extra, 'x');
      assert.ok(this.stack.push('a'));
      assert.ok(this.stack.push('b'));
      assert.ok(!this.stack.push('c'));
      // mocha files an `it` called while a test runs where no run reaches it
      it('is never run', function () {
        assert.fail('a test registered inside a running test ran');
      });
    });
  });
});
