// decisionprof `--engine node`, for the runner and the ES-module hooks' thread alike: the project's
// prepared (instrumented) files. decisionprof packs their texts into one file, `pack`: the index
// maps each absolute path to [offset, length] of its text there and, when its functions' original
// texts are known, [offset, length] of their JSON after it. One file, not one per script: on a
// busy file system creating the files cost more than instrumenting them.
'use strict';
const { readFileSync, openSync, readSync } = require('fs');

// The store whose index is the JSON file `indexPath`.
function openStore(indexPath) {
  const index = JSON.parse(readFileSync(indexPath, 'utf8'));
  const files = index.files || {};
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
  return {
    // the absolute paths of the prepared files
    paths: () => Object.keys(files),
    // the prepared text of `file` as bytes, or null
    bytes(file) {
      const e = entry(file);
      return e === undefined ? null : slice(e[0], e[1]);
    },
    // the prepared text of `file`, or null
    text(file) {
      const b = this.bytes(file);
      return b === null ? null : b.toString('utf8');
    },
    // where the functions of `file` start in its prepared text and in the original, or null
    functions(file) {
      const e = entry(file);
      return e === undefined || e.length < 4 ? null : JSON.parse(slice(e[2], e[3]).toString('utf8'));
    }
  };
}
module.exports = openStore;
