const assert = require('assert');

it('starts a server', () => {
  const http = require('http');
  assert.ok(http.createServer);
});

it('does not need the network', () => {
  assert.strictEqual(new URL('http://localhost:8080/x').port, '8080');
});
