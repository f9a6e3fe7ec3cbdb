// decisionprof test harness: vitest's test fixtures (`test.extend`).
'use strict';
// Sets up `fixtures` on the test context `ctx` in order, runs `fn`, then lets each fixture
// finish (its teardown) in reverse order; settles with the test's outcome.
function runWithFixtures(fixtures, ctx, fn, self) {
  var names = Object.keys(fixtures);
  function setup(k) {
    if (k === names.length) return Promise.resolve().then(function () { return fn.call(self, ctx); });
    var name = names[k];
    var f = Array.isArray(fixtures[name]) ? fixtures[name][0] : fixtures[name];
    if (typeof f !== 'function') {
      ctx[name] = f;
      return setup(k + 1);
    }
    return new Promise(function (resolve, reject) {
      var release;
      var testDone = new Promise(function (r) { release = r; });
      var used = false;
      var fixtureDone = Promise.resolve().then(function () {
        return f(ctx, function use(value) {
          used = true;
          ctx[name] = value;
          setup(k + 1).then(function (v) { release(); settle(null, v); }, function (e) { release(); settle(e); });
          return testDone;
        });
      });
      function settle(err, v) {
        fixtureDone.then(function () { if (err) reject(err); else resolve(v); }, reject);
      }
      fixtureDone.then(function () {
        if (!used) reject(new Error('fixture "' + name + '" finished without calling use()'));
      }, reject);
    });
  }
  return setup(0);
}

module.exports = runWithFixtures;
