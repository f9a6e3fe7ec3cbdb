'use strict';
/** Whether a request may be cached: a costly pattern test before the common method check. */
exports.cacheable = (req) => /^\/(static|assets)\/[\w\/.-]+\.(png|css)$/.test(req.path) && req.method === 'GET';
