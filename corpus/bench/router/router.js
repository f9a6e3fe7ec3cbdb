'use strict';
// A small HTTP router: routes are `METHOD /path/:param/...`; matching is segment by segment with a
// case-insensitive comparison. Every `&&`/`||`/switch of this file is listed in expect.json.

/** Case-insensitive equality of two ASCII path segments, character by character. */
function segmentEquals(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x >= 65) x = x <= 90 ? x + 32 : x;
    if (y >= 65) y = y <= 90 ? y + 32 : y;
    if (x !== y) return false;
  }
  return true;
}

/** True if the request path's segments fit the route's pattern (costly: compares every segment). */
function pathMatches(route, segments) {
  if (route.segments.length !== segments.length) return false;
  let ok = true;
  for (let i = 0; i < segments.length; i++) {
    const pattern = route.segments[i];
    if (pattern.charCodeAt(0) === 58) continue;
    if (!segmentEquals(pattern, segments[i])) ok = false;
  }
  return ok;
}

/** True if the route answers this method (cheap; most routes serve another method). */
function methodMatches(route, method) {
  return route.method === method;
}

/** Parses `METHOD /a/b` route definitions. */
function compile(defs) {
  return defs.map((def, index) => {
    const space = def.indexOf(' ');
    return { index, method: def.slice(0, space), segments: def.slice(space + 2).split('/') };
  });
}

/** Index of the first route serving `method path`, or -1. */
function route(routes, method, path) {
  const segments = path.slice(1).split('/');
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i];
    // Opportunity: the segment-by-segment comparison runs before the cheap method test, which fails
    // for three routes out of four.
    if (pathMatches(r, segments) && methodMatches(r, method)) return i;
  }
  return -1;
}

module.exports = { segmentEquals, pathMatches, methodMatches, compile, route };
