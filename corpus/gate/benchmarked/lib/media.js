'use strict';
// Media types arrive as strings parsed from headers at run time: every comparison reads contents
// through the long common prefix, so each condition of the ladder costs real work.

/** How a response of media type `type` is handled: an else-if ladder testing the common types last. */
function handling(type) {
  if (type === 'application/vnd.example.archive+zip') {
    return 'download';
  } else if (type === 'application/vnd.example.sheet+xml') {
    return 'convert';
  } else if (type === 'application/vnd.example.slide+xml') {
    return 'convert';
  } else if (type === 'application/vnd.example.font+woff') {
    return 'cache';
  } else if (type === 'application/vnd.example.image+png') {
    return 'cache';
  } else if (type === 'application/vnd.example.event+json') {
    return 'stream';
  } else if (type === 'application/vnd.example.error+json') {
    return 'report';
  } else if (type === 'application/vnd.example.model+json') {
    return 'parse';
  } else {
    return 'ignore';
  }
}

module.exports = { handling };
