const test = require('tape');
const { slug } = require('../lib/slug.js');

// tape 5's mocks: t.intercept, t.capture, t.captureFn; and an assertion's `extra` options
test('intercept, capture, captureFn and skipped or todo assertions', (t) => {
  const results = t.intercept(Object.prototype, 'intercepted', { value: 'x' });
  t.equal({}.intercepted, 'x');
  t.ok(Object.keys(Object.getPrototypeOf({})).includes('intercepted'), 'enumerable, as tape makes it');
  t.equal(slug('A B'), 'a-b', 'a library walking objects still works');
  const calls = results();
  t.equal(calls[0].type, 'get');
  t.equal(calls[0].value, 'x');
  t.throws(() => { 'use strict'; ({}).intercepted = 'y'; }, TypeError, 'not writable: strict mode throws');

  const math = { twice: (n) => n * 2 };
  const captured = t.capture(math, 'twice', (n) => n + 100);
  t.equal(math.twice(1), 101);
  t.deepEqual(captured().map((c) => [c.args, c.returned]), [[[1], 101]]);
  const fn = t.captureFn((a, b) => a + b);
  fn(1, 2);
  t.deepEqual(fn.calls.map((c) => c.returned), [3]);

  t.equal(slug('X'), 'nope', 'known to fail, skipped', { skip: true });
  t.equal(slug('Y'), 'nope', 'known to fail, todo', { todo: 'later' });
  t.end();
});

test('mocks are restored when their test ends', (t) => {
  t.notOk('intercepted' in {});
  t.end();
});
