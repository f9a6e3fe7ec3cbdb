'use strict';
// The handler for a request path: a guard sequence checked in order.
function route(path) {
  if (path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/api/')) return 'api';
  if (path === '/') return 'home';
  return 'static';
}

module.exports = { route };
