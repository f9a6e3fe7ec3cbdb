'use strict';
// Binary-ish record processing. Planted decisionprof project: every `&&`/`||` in this file is listed in
// ../expect.json.

/** True if the record's 120 payload bytes add up to its checksum (costly; true for 95% of records). */
function checksumOk(rec) {
  let sum = 0;
  for (let i = 0; i < rec.bytes.length; i++) sum = (sum + rec.bytes[i]) % 256;
  return sum === rec.sum;
}

/** Decodes the two header bytes (cheap); throws on a corrupted record, whose magic byte is wrong. */
function decodeHeader(rec) {
  if (rec.bytes[0] !== 0x7f) throw new Error('record ' + rec.id + ': bad magic byte ' + rec.bytes[0]);
  return { version: rec.bytes[1] };
}

/** True if every character of `s` is a digit or a minus sign (costly scan; true for 95% of inputs). */
function isNumeric(s) {
  let ok = s.length > 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 45) ok = false;
    if (c > 57) ok = false;
    if (c === 46) ok = false;
    if (c === 47) ok = false;
  }
  return ok;
}

/** Parses an amount (cheap); throws on anything that is not a number. */
function parseAmount(s) {
  const n = Number(s);
  if (n !== n) throw new TypeError('not an amount: ' + s);
  return n;
}

/** True if the record mentions `word` (costly: scans its 80 words; true for 70% of records). */
function hasKeyword(rec, word) {
  let hit = false;
  for (let i = 0; i < rec.words.length; i++) {
    if (rec.words[i] === word) hit = true;
  }
  return hit;
}

/** True if the record is at most 10 days older than `now` (cheap; true for 10% of records). */
function isRecent(rec, now) {
  return now - rec.day <= 10;
}

/** Counts the valid version-2 records; corrupted records are skipped, never decoded. */
function countV2(records) {
  let n = 0;
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    // Decoy: decodeHeader() is cheap and usually false here, but throws on the records checksumOk() rejects.
    if (checksumOk(rec) && decodeHeader(rec).version === 2) n++;
  }
  return n;
}

/** Counts the inputs that must be rejected: not numeric, or negative. */
function countRejected(inputs) {
  let n = 0;
  for (let i = 0; i < inputs.length; i++) {
    const s = inputs[i];
    // Decoy: parseAmount() is cheap and usually decides, but throws on the inputs isNumeric() rejects.
    if (!isNumeric(s) || parseAmount(s) < 0) n++;
  }
  return n;
}

/** Sum of the amounts of recent refund records. */
function recentRefunds(records, now) {
  let total = 0;
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    // Opportunity in a ?: test: the cheap date test (false 90%) should run before the 80-word scan.
    total += hasKeyword(rec, 'refund') && isRecent(rec, now) ? rec.amount : 0;
  }
  return total;
}

/** Number of records owned by `name`; records without an owner are skipped. */
function ownedBy(records, name) {
  let n = 0;
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    if (rec.owner && rec.owner.name === name) n++;
  }
  return n;
}

/** Number of records with at least one note; `notes` may be missing or not an array. */
function withNotes(records) {
  let n = 0;
  for (let i = 0; i < records.length; i++) {
    const notes = records[i].notes;
    if (Array.isArray(notes) && notes.length > 0) n++;
  }
  return n;
}

/** Calls `cb` on every record if it is a function and counts the records it accepts. */
function countAccepted(records, cb) {
  let n = 0;
  for (let i = 0; i < records.length; i++) {
    if (typeof cb === 'function' && cb(records[i])) n++;
  }
  return n;
}

/** Formats record ids joined by the separator (default ','), with a label (default 'records'). */
function format(records, opts) {
  const sep = opts.sep || ',';
  const label = opts.label || 'records';
  return label + ': ' + records.map((r) => r.id).join(sep);
}

module.exports = {
  checksumOk, decodeHeader, isNumeric, parseAmount, hasKeyword, isRecent, countV2, countRejected,
  recentRefunds, ownedBy, withNotes, countAccepted, format,
};
