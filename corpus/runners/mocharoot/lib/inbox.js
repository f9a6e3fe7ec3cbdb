'use strict';
function accept(inbox, msg) {
  if (msg.spam || msg.body === '' || inbox.length >= 3) return false;
  inbox.push(msg);
  return true;
}
module.exports = { accept };
