'use strict';
// An access-log scanner. Every `&&`/`||`/switch of this file is listed in expect.json.

/** Parses `LEVEL ip status ms path` into an entry. */
function parse(line) {
  const f = line.split(' ');
  return { level: f[0], ip: f[1], status: Number(f[2]), ms: Number(f[3]), path: f[4] };
}

/** True if the address is on the block list (costly: a linear scan; rarely true). */
function isBlocked(blocklist, ip) {
  let hit = false;
  for (let i = 0; i < blocklist.length; i++) {
    if (blocklist[i] === ip) hit = true;
  }
  return hit;
}

/** True for debug chatter (cheap; most lines). */
function isNoise(level) {
  return level === 'DEBUG';
}

/** True if the path contains one of the watched words (costly: tries every word; often true). */
function isWatched(watch, path) {
  let hit = false;
  for (let i = 0; i < watch.length; i++) {
    if (path.indexOf(watch[i]) >= 0) hit = true;
  }
  return hit;
}

/** True for server errors (cheap; rare). */
function isServerError(status) {
  return status >= 500;
}

/** True for slow requests (cheap; one in four). */
function isSlow(ms) {
  return ms > 750;
}

/** Scans the lines: counts skipped lines and slow failing requests on watched paths. */
function scan(lines, blocklist, watch) {
  const out = { skipped: 0, alerts: 0, bytes: 0 };
  for (let i = 0; i < lines.length; i++) {
    const e = parse(lines[i]);
    const level = e.level;
    const ip = e.ip;
    // Opportunity (||): the block-list scan (false for 99.5%) runs before the debug test (true for 70%).
    if (isBlocked(blocklist, ip) || isNoise(level)) {
      out.skipped++;
      continue;
    }
    const path = e.path;
    const status = e.status;
    const ms = e.ms;
    // Opportunity (&& chain): the word scan (true for 60%) runs before two cheap tests that usually fail.
    if (isWatched(watch, path) && isSlow(ms) && isServerError(status)) out.alerts++;
    out.bytes += path.length;
  }
  return out;
}

module.exports = { parse, isBlocked, isNoise, isWatched, isServerError, isSlow, scan };
