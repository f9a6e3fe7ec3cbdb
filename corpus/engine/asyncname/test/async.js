const { suite } = require('uvu');
const assert = require('uvu/assert');
const { wrap } = require('../lib/wrap.js');

const async = suite('async');

async('wraps a plain value', async () => {
  assert.is(await wrap(2), 2);
});

async('keeps a promise', async () => {
  const p = Promise.resolve(3);
  assert.is(wrap(p), p);
  const run = async (x) => x + 1;
  assert.is(await run(1), 2);
});

async.run();
