'use strict';
// Order screening and event dispatch. Planted decisionprof project: every decision (every maximal
// `&&`/`||` tree and every `switch`) in this file is listed in ../expect.json.

const WORDS = [];
for (let i = 0; i < 400; i++) WORDS.push('w' + i);

/** Costly: scans the whole vocabulary; true for nearly every note. */
function mentionsKnownWord(note) {
  let hits = 0;
  for (let i = 0; i < WORDS.length; i++) {
    if (note.indexOf(WORDS[i]) === 0) hits++;
  }
  return hits > 0;
}

/** Orders worth a manual review. Opportunity: the scan runs first, the cheap total test is usually false. */
function needsReview(order) {
  if (mentionsKnownWord(order.note) && order.total > 900) {
    return true;
  }
  return false;
}

/** Event weight; the workload's events are mostly 'scroll:move' and 'scroll:stop'. Opportunity. */
function weight(kind) {
  let w = 0;
  switch (kind) {
    case 'pointer:open': w = 1; break;
    case 'pointer:shut': w = 2; break;
    case 'pointer:down': w = 3; break;
    case 'pointer:drag': w = 4; break;
    case 'keyboard:up': w = 5; break;
    case 'keyboard:dn': w = 6; break;
    case 'window:size': w = 7; break;
    case 'window:blur': w = 8; break;
    case 'scroll:stop': w = 9; break;
    case 'scroll:move': w = 10; break;
  }
  return w;
}

/** Decoy (null guard): items is tested before it is used. */
function bulky(order) {
  return order.items && order.items.length > 3;
}

/** Decoy (default value). */
function pageSize(opts) {
  return opts.size || 20;
}

/** Costly: walks the queue; records the last id it saw (a side effect the next check reads). */
function drain(queue) {
  let seen = 0;
  for (let i = 0; i < queue.items.length; i++) seen += queue.items[i] % 3;
  queue.last = queue.items.length;
  return seen >= 0;
}

/** Decoy (side effect read by the other check): drain writes queue.last, which the cheap check reads. */
function drained(queue) {
  if (drain(queue) && queue.last > 6) {
    return true;
  }
  return false;
}

/** Costly: true for the kinds of messages that carry a header (checks every known kind). */
function knownKind(kind) {
  let found = false;
  for (let i = 0; i < WORDS.length; i++) {
    if (WORDS[i] === kind) found = true;
  }
  return found;
}

/** Decoy (throws when run early): header is undefined when the kind is unknown. */
function emptyHeader(msg) {
  const kind = msg.kind;
  const header = msg.header;
  if (knownKind(kind) && header.size === 0) {
    return true;
  }
  return false;
}

/** Costly: a nickname when the vocabulary knows the user, else ''. */
function nickname(user) {
  let nick = '';
  for (let i = 0; i < WORDS.length; i++) {
    if (WORDS[i] === user.id) nick = 'n-' + user.id;
  }
  return nick;
}

/** Decoy (value context, string leaves): swapping would always pick the full name. */
function displayName(user) {
  return nickname(user) || user.first + ' ' + user.last;
}

module.exports = { needsReview, weight, bulky, pageSize, drained, emptyHeader, displayName };
