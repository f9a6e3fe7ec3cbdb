'use strict';
const { route } = require('../src/route');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

jest.setTimeout(2000);

test('a file that sets a longer limit for its tests', async () => {
  await sleep(450);
  expect(route('/')).toBe('home');
});
