'use strict';
// A tiny router: which handler answers a request.

/** Whether the path is an asset: the cheap method test is usually true, the scan usually false. */
function isAsset(method, path) {
  return method === 'GET' && path.split('/').some((p) => p.endsWith('.css') || p.endsWith('.js'));
}

/** The handler's name for a request. */
function route(method, path) {
  if (isAsset(method, path)) return 'asset';
  if (path.startsWith('/api/') && (method === 'POST' || method === 'PUT')) return 'write';
  return 'page';
}

module.exports = { route, isAsset };
