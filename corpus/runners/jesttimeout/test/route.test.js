'use strict';
const { route } = require('../src/route');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('routes a day of requests', () => {
  const paths = ['/', '/api/users', '/img/a.png', '/admin/x', '/css/site.css'];
  const seen = {};
  for (let i = 0; i < 200; i++) {
    const r = route(paths[i % paths.length]);
    seen[r] = (seen[r] || 0) + 1;
  }
  expect(seen).toEqual({ home: 40, api: 40, static: 80, admin: 40 });
});

test('waits for a response that never comes', () => new Promise(() => {}));

test('takes longer with its own limit', async () => {
  await sleep(450);
  expect(route('/api/x')).toBe('api');
}, 2000);
