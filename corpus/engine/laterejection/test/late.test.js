'use strict';
const assert = require('assert');

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

it('handles a rejection after an await', async () => {
  const task = (async () => { throw new Error('Oops'); })();
  await delay(30);
  await assert.rejects(task, { message: 'Oops' });
});
