// decisionprof `--engine node`, for the runner and the ES-module hooks' thread alike: the project's
// prepared (instrumented) files. The index maps each absolute path to [offset, length] of its text
// in one packed file, `pack`, and, when its functions' original texts are known, [offset, length]
// of their JSON after it (one file, not one per script: on a busy file system creating the files
// cost more than instrumenting them). An empty entry is a script decisionprof prepares when it is
// first asked for (engines/node/src/lazy.rs), through the server on port `instrumenter`.
'use strict';
const { readFileSync, openSync, readSync } = require('fs');
const { ask } = require('./dependency_text.js');

// The store whose index is the JSON file `indexPath`; `count` (an Int32Array on a
// SharedArrayBuffer, shared by the threads that load code) counts the scripts asked for.
function openStore(indexPath, count) {
  const index = JSON.parse(readFileSync(indexPath, 'utf8'));
  const files = index.files || {};
  const asked = new Map(); // a lazily prepared file -> { code, functions } (code null: as it is)
  let fd = null;
  function slice(offset, length) {
    if (fd === null) fd = openSync(index.pack, 'r');
    const b = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, b, got, length - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    return got === length ? b : b.subarray(0, got);
  }
  const entry = (file) => (Object.prototype.hasOwnProperty.call(files, file) ? files[file] : undefined);
  function prepared(file) {
    if (!asked.has(file)) {
      const a = ask(index.instrumenter, { prepare: file });
      asked.set(file, a === null ? { code: null, functions: [] } : a);
      Atomics.add(count, 0, 1);
    }
    return asked.get(file);
  }
  let packed = false, listed = 0, counted = 0;
  const seen = [];
  return {
    // the prepared text of `file`, or null
    text(file) {
      const e = entry(file);
      if (e === undefined) return null;
      if (e.length === 0) return prepared(file).code;
      return slice(e[0], e[1]).toString('utf8');
    },
    // every prepared file with functions, as { original, functions, code (a Buffer) }: those in
    // the pack, then those prepared so far on either thread (new ones on each call)
    withFunctions() {
      if (!packed) {
        packed = true;
        for (const original of Object.keys(files)) {
          const e = files[original];
          if (e.length < 4) continue;
          let functions;
          try { functions = JSON.parse(slice(e[2], e[3]).toString('utf8')); } catch (err) { continue; }
          seen.push({ original, functions, code: slice(e[0], e[1]) });
        }
      }
      // asked only when a thread prepared a script since (a function's text is looked up before
      // any is, and the first question waits for the connection)
      const now = Atomics.load(count, 0);
      if (index.instrumenter && now !== counted) {
        counted = now;
        const a = ask(index.instrumenter, { prepared: listed });
        const got = a === null || !Array.isArray(a.files) ? [] : a.files;
        listed += got.length;
        for (const [original, code, functions] of got) {
          if (code !== null && functions.length) seen.push({ original, functions, code: Buffer.from(code) });
        }
      }
      return seen;
    }
  };
}
module.exports = openStore;
