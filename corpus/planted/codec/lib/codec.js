'use strict';
// Packet and token classification. Planted decisionprof project: every switch (and there is no
// `&&`/`||` at all) in this file is listed in ../expect.json.

/** Numeric code of a packet type; the workload's traffic is mostly 'message' and 'event'. */
function packetCode(type) {
  let code = -1;
  switch (type) {
    case 'error': code = 1; break;
    case 'connect': code = 2; break;
    case 'disconnect': code = 3; break;
    case 'binary_event': code = 4; break;
    case 'binary_ack': code = 5; break;
    case 'ping': code = 6; break;
    case 'pong': code = 7; break;
    case 'upgrade': code = 8; break;
    case 'noop': code = 9; break;
    case 'open': code = 10; break;
    case 'close': code = 11; break;
    case 'ack': code = 12; break;
    case 'event': code = 13; break;
    case 'message': code = 14; break;
  }
  return code;
}

/**
 * Word class of a token, as an index into CLASSES. Groups: articles (three labels sharing a body),
 * conjunctions (two), pronouns (five), the default (in the middle, ends with break, not fallen into,
 * so it may move), auxiliaries (four), prepositions (three), and punctuation, where ',' counts a
 * pause and then falls through into '.'.
 */
function tokenClass(tok, stats) {
  let cls;
  switch (tok) {
    case 'a':
    case 'an':
    case 'the':
      cls = 0;
      break;
    case 'and':
    case 'or':
      cls = 1;
      break;
    case 'he':
    case 'she':
    case 'it':
    case 'we':
    case 'they':
      cls = 5;
      break;
    default:
      cls = 2;
      break;
    case 'is':
    case 'are':
    case 'was':
    case 'were':
      cls = 6;
      break;
    case 'in':
    case 'on':
    case 'at':
      cls = 3;
      break;
    case ',':
      stats.pauses++;
    // falls through
    case '.':
      cls = 4;
      break;
  }
  return cls;
}

/** Severity rank of a log level; already ordered by frequency ('debug' dominates). */
function severity(level) {
  switch (level) {
    case 'debug': return 0;
    case 'info': return 1;
    case 'warn': return 2;
    case 'error': return 3;
    case 'fatal': return 4;
  }
  return -1;
}

/** Flags of an escape letter: the default falls through into 'n', so the default's place matters. */
function escapeFlags(ch, stats) {
  let flags = 0;
  switch (ch) {
    case 't': flags = 1; break;
    case 'r': flags = 2; break;
    default:
      stats.unknown++;
    // falls through
    case 'n': flags += 4; break;
  }
  return flags;
}

/** Splits `text` on the separator given at run time; the first case test is not a constant. */
function fieldKind(ch, sep) {
  switch (ch) {
    case sep: return 'separator';
    case '"': return 'quote';
    case '\\': return 'escape';
  }
  return 'char';
}

/** Sum of the codes of an array of packet types (as a decoder sees them, split from the wire). */
function sumCodes(types) {
  let sum = 0;
  for (let i = 0; i < types.length; i++) sum += packetCode(types[i]);
  return sum;
}

/** Decodes a wire string of `type:payload` lines into the sum of their codes and payload lengths. */
function decode(wire) {
  const lines = wire.split('\n');
  let sum = 0;
  for (let i = 0; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    sum += packetCode(lines[i].slice(0, colon)) * 1000 + (lines[i].length - colon - 1);
  }
  return sum;
}

/** Class names, indexed by the numbers tokenClass returns. */
const CLASSES = ['article', 'conjunction', 'word', 'preposition', 'punctuation', 'pronoun', 'auxiliary'];

/** Counts the classes of an array of tokens: `{ pauses, counts: { class: n } }`. */
function classify(toks) {
  const stats = { pauses: 0, counts: {} };
  const n = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < toks.length; i++) n[tokenClass(toks[i], stats)]++;
  CLASSES.forEach((c, i) => { stats.counts[c] = n[i]; });
  return stats;
}

module.exports = { CLASSES, packetCode, tokenClass, severity, escapeFlags, fieldKind, sumCodes, decode, classify };
