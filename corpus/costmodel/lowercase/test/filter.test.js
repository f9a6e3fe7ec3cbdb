'use strict';
const assert = require('assert');
const { alerts } = require('../lib/filter');

// Long messages, half of them errors; one entry in twenty is tagged urgent.
function entries(n) {
  const words = 'Request served from cache after validation of the upstream response headers ';
  const out = [];
  for (let i = 0; i < n; i++) {
    const body = words.repeat(40) + (i % 2 === 0 ? ' ERROR code ' + i : ' ok ' + i);
    const tags = ['app', 'web', 'db', 'cache', 'auth', 'queue'].slice(0, 3 + (i % 4));
    if (i % 20 === 0) tags.push('urgent');
    out.push({ id: i, message: body, tags });
  }
  return out;
}

describe('alerts', function () {
  const batch = entries(400);
  it('keeps urgent errors', function () {
    const got = alerts(batch);
    assert.deepStrictEqual(got, batch.filter((e) => e.id % 20 === 0).map((e) => e.id));
  });
  it('keeps them on every pass', function () {
    for (let k = 0; k < 5; k++) assert.strictEqual(alerts(batch).length, 20);
  });
  it('ignores plain entries', function () {
    assert.deepStrictEqual(alerts([{ id: 1, message: 'fine', tags: ['urgent'] }]), []);
  });
});
