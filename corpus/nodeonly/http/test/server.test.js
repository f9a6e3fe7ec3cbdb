'use strict';
const assert = require('assert');
const http = require('http');
const { route } = require('../lib/route');

function serve() {
  const server = http.createServer((req, res) => {
    res.end(route(req.method, req.url));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function ask(port, method, path) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('router over http', function () {
  it('answers pages, assets and writes', async function () {
    const server = await serve();
    const { port } = server.address();
    try {
      const answers = [];
      for (let i = 0; i < 20; i++) {
        answers.push(await ask(port, i % 4 === 3 ? 'POST' : 'GET', i % 4 === 3 ? '/api/items' : '/docs/page' + i));
      }
      answers.push(await ask(port, 'GET', '/static/site.css'));
      assert.strictEqual(answers.filter((a) => a === 'write').length, 5);
      assert.strictEqual(answers.filter((a) => a === 'page').length, 15);
      assert.strictEqual(answers[answers.length - 1], 'asset');
    } finally {
      server.close();
    }
  });
});
