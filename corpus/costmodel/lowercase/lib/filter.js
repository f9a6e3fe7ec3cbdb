'use strict';
// Picks the log entries worth an alert. The first check looks cheap to branch points (one call)
// but lower-cases the whole message; the second walks a short list of tags. On these inputs the
// tag check rarely passes, so it should come first: only the native-cost model sees that.

function hasUrgentTag(tags) {
  for (let i = 0; i < tags.length; i++) {
    if (tags[i] === 'urgent') return true;
  }
  return false;
}

function alerts(entries) {
  const out = [];
  for (const e of entries) {
    if (e.message.toLowerCase().includes('error') && hasUrgentTag(e.tags)) out.push(e.id);
  }
  return out;
}

module.exports = { alerts, hasUrgentTag };
