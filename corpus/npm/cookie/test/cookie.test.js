'use strict';
// Workload for cookie: thousands of tiny tests (the shape of cookie's own generated suite), each
// parsing or serializing one header.
const { test } = require('node:test');
const assert = require('node:assert');
const cookie = require('cookie');

const names = ['a', 'sid', 'theme', 'lang', '__Host-id', 'x_y', 'token', 'pref'];
const values = ['1', 'abc', 'hello%20world', '"quoted"', 'a.b-c_d', '', 'long' + 'v'.repeat(40)];

for (let i = 0; i < 600; i++) {
  const name = names[i % names.length];
  const value = values[i % values.length];
  const other = names[(i + 3) % names.length];
  test(`parse #${i}`, () => {
    const header = `${name}=${value}; ${other}=${i}`;
    const parsed = cookie.parse(header);
    // cookie 1 keeps a quoted value's quotes and decodes the rest
    const want = value.startsWith('"') ? value : decodeURIComponent(value);
    assert.strictEqual(parsed[name], want);
    assert.strictEqual(parsed[other], String(i));
  });
}

const sameSites = ['lax', 'strict', 'none', true, false];
for (let i = 0; i < 400; i++) {
  test(`serialize #${i}`, () => {
    const opts = {
      path: i % 2 ? '/' : undefined,
      maxAge: i % 3 ? i : undefined,
      httpOnly: i % 4 === 0,
      secure: i % 5 === 0,
      sameSite: sameSites[i % sameSites.length],
      priority: i % 7 === 0 ? 'high' : undefined,
    };
    const text = cookie.serialize(names[i % names.length], 'v' + i, opts);
    assert.ok(text.startsWith(names[i % names.length] + '=v' + i));
    assert.strictEqual(text.includes('HttpOnly'), opts.httpOnly);
  });
}
