const assert = require('assert');

describe('Atomics.wait', () => {
  it('sleeps synchronously for its timeout', () => {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    const t0 = Date.now();
    assert.strictEqual(Atomics.wait(cell, 0, 0, 60), 'timed-out');
    assert.ok(Date.now() - t0 >= 50);
    assert.strictEqual(Atomics.wait(cell, 0, 1, 60), 'not-equal');
  });
  it('waits without end', function () {
    this.timeout(0);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  });
  it('runs after the wait was stopped', () => {
    assert.ok(true);
  });
});
