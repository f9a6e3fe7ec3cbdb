// decisionprof host: the disk as the run sees it. Reads go to the project's files; what the run
// writes (fs.js: files written, directories made, renames, deletions) is kept in memory for the
// run, never written to the disk, and later reads see it: fs's, the module loader's (a module a
// test writes can be required) and `process.chdir`'s.
'use strict';
var host = require('decisionprof:host');
var path = require('path');
var FILE = 1, DIR = 2, GONE = 0;
// absolute path -> { kind, data (Buffer, files), fresh (dirs made here: hide the disk below) }
var overlay = new Map();

// Whether the disk's `p` (and what is below it) still shows: no overlay entry on the way up
// replaced or removed it.
function diskVisible(p) {
  for (var q = p, prev = null; q !== prev; prev = q, q = path.dirname(q)) {
    var e = overlay.get(q);
    if (e && (e.kind !== DIR || e.fresh)) return false;
  }
  return true;
}
// The overlay entry that decides what `p` is, or null when the disk does.
function decisive(p) {
  var e = overlay.get(p);
  if (e) return e;
  return diskVisible(path.dirname(p)) ? null : { kind: GONE };
}
function kindOf(p) {
  var e = decisive(p);
  return e ? e.kind : host.stat(p);
}

module.exports = {
  FILE: FILE,
  DIR: DIR,
  GONE: GONE,
  overlay: overlay,
  diskVisible: diskVisible,
  decisive: decisive,
  kindOf: kindOf,
  // what `p` is (0: nothing, 1: a file, 2: a directory)
  kind: function (p) { return overlay.size === 0 ? host.stat(p) : kindOf(p); },
  // the text the run wrote to the file `p`, or null
  written: function (p) {
    var e = overlay.size === 0 ? null : decisive(p);
    return e && e.kind === FILE ? e.data.toString('utf8') : null;
  }
};
