const test = require('node:test');
const { describe, it, before, beforeEach, mock } = require('node:test');
const assert = require('node:assert');
const { grade } = require('../lib/grade.js');

let setups = 0;
before(() => { setups++; });

test('top level with subtests', async (t) => {
  await t.test('A+', () => { assert.strictEqual(grade(95, { active: true }), 'A+'); });
  await t.test('A by points', () => { assert.strictEqual(grade(10, { points: 60 }), 'A'); });
  t.diagnostic('done');
});

test('skipped inside', (t) => { t.skip('not today'); assert.fail('runs on but does not count'); });
test.todo('later');
test('callback style', (t, done) => { setTimeout(() => { assert.ok(setups >= 1); done(); }, 1); });

describe('grades', (s) => {
  // node passes a suite's function its SuiteContext
  assert.strictEqual(s.name, 'grades');
  let calls;
  beforeEach(() => { calls = 0; });
  it('B and C', () => {
    assert.strictEqual(grade(60), 'B');
    assert.strictEqual(grade(10), 'C');
  });
  it('mock.fn counts calls', () => {
    const f = mock.fn((x) => x * 2);
    assert.strictEqual(f(2) + f(3), 10);
    assert.strictEqual(f.mock.callCount(), 2);
    assert.deepStrictEqual(f.mock.calls[1].arguments, [3]);
    calls++;
    assert.strictEqual(calls, 1);
  });
  it('t.mock.method is restored after the test', (t) => {
    const obj = { g: () => 1 };
    t.mock.method(obj, 'g', () => 2);
    assert.strictEqual(obj.g(), 2);
  });
});
