'use strict';
// Token kinds arrive as strings a lexer builds at run time: every comparison below compares
// contents, through the long common prefix, so each condition costs real work.

/** Opportunity (else-if ladder): the two common kinds are tested last. */
function weight(kind) {
  if (kind === 'token-kind-of-the-lexer:open') {
    return 1;
  } else if (kind === 'token-kind-of-the-lexer:shut') {
    return 2;
  } else if (kind === 'token-kind-of-the-lexer:coma') {
    return 3;
  } else if (kind === 'token-kind-of-the-lexer:semi') {
    return 4;
  } else if (kind === 'token-kind-of-the-lexer:quot') {
    return 5;
  } else if (kind === 'token-kind-of-the-lexer:numb') {
    return 6;
  } else if (kind === 'token-kind-of-the-lexer:blnk') {
    return 7;
  } else if (kind === 'token-kind-of-the-lexer:name') {
    return 8;
  } else {
    return 0;
  }
}

/** Whether Unicode decomposition changes `word` (accented or compatibility characters). */
function decomposes(word) {
  return word.normalize('NFKD') !== word;
}

/** Opportunity (guard sequence, one body): a costly normalisation first, the common length test last. */
function rejected(word) {
  if (decomposes(word)) return true;
  if (word.charCodeAt(0) === 95) return true;
  if (word.length < 4) return true;
  return false;
}

/** Opportunity (conditional chain): the common unit is the last alternative tested. */
function scale(unit) {
  return unit === 'the-measurement-unit-that-the-reader-of-the-survey-gave:km' ? 1000
    : unit === 'the-measurement-unit-that-the-reader-of-the-survey-gave:cm' ? 0.01
      : unit === 'the-measurement-unit-that-the-reader-of-the-survey-gave:mm' ? 0.001
        : unit === 'the-measurement-unit-that-the-reader-of-the-survey-gave:m_' ? 1
          : NaN;
}

/** Decoy: overlapping conditions, the order is the meaning. */
function grade(score) {
  return score >= 90 ? 'A' : score >= 75 ? 'B' : score >= 60 ? 'C' : 'F';
}

/** Decoy: related classes, a TypeError is an Error too. */
function describe(e) {
  if (e instanceof TypeError) {
    return 'type';
  } else if (e instanceof RangeError) {
    return 'range';
  } else if (e instanceof Error) {
    return 'error';
  } else {
    return 'value';
  }
}

/** Decoy: a condition with an effect (it consumes the queue). */
function take(queue) {
  if (queue.shift() === 'stop') {
    return 'stopped';
  } else if (queue.length === 0) {
    return 'empty';
  } else {
    return 'more';
  }
}

/** Decoy: a guard the next one depends on. */
function depth(node) {
  if (!node) return 0;
  if (node.leaf) return 1;
  return 2;
}

// declarations of a style sheet, each naming its colour in one of four notations somewhere in
// the text: a notation that is not there is searched for along the whole declaration
const RGB = /\brgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i;
const HSL = /\bhsla?\(\s*(\d+)\s*,\s*(\d+)%\s*,\s*(\d+)%/i;
const SHORT = /#([0-9a-f]{3})(?![0-9a-f])/i;
const LONG = /#([0-9a-f]{6})(?![0-9a-f])/i;

/** Opportunity (guard sequence, captures): each guard keeps its match for its own return; the common six-digit colours are searched for last. */
function colour(text) {
  let m;
  if ((m = RGB.exec(text))) return m[1];
  if ((m = HSL.exec(text))) return m[1];
  if ((m = SHORT.exec(text))) return m[1];
  if ((m = LONG.exec(text))) return m[1];
  return null;
}

const PX = /^(\d+)px$/;

/** Decoy: what the guards keep is also returned after them: which guard ran last decides between 0 and null. */
function size(text) {
  let m;
  if ((m = PX.exec(text))) return +m[1];
  if ((m = text.indexOf('%') + 1)) return text.length - 1;
  return m;
}

/** Opportunity (guard sequence of store-and-test pairs, as @ctrl/tinycolor writes them): the declaring pair stays first, the six-digit colours are searched for last. */
function tint(text) {
  let m = HSL.exec(text);
  if (m) return m[1];
  m = RGB.exec(text);
  if (m) {
    return m[1];
  }
  m = SHORT.exec(text);
  if (m) return m[1];
  m = LONG.exec(text);
  if (m) return m[1];
  return null;
}

/** Decoy: store-and-test pairs whose local is returned after them, as in `size`. */
function measure(text) {
  let m;
  m = PX.exec(text);
  if (m) return +m[1];
  m = text.indexOf('%') + 1;
  if (m) return text.length - 1;
  return m;
}

module.exports = { weight, rejected, scale, grade, describe, take, depth, colour, size, tint, measure };
