// expect: undone
// A check calls a callback the test file passes in; the test file is not instrumented for its
// decisions, but its writes are logged, so the speculated call is undone.
exports.accept = (item, opts) => item.ok && opts.filter(item);
