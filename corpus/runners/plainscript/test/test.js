// Adds `test` (and `Num`) to the global scope, as a sloppy-mode script.
test = (function () {
  var passed = 0, count = 0;
  Num = require('../num');
  function test(name, fn) {
    count = passed = 0;
    fn();
    console.log(' ' + name + ': ' + passed + ' of ' + count + ' passed');
    test.result = [passed, count];
  }
  test.areEqual = function (expected, actual) {
    count++;
    if (expected === actual) passed++;
    else console.log('  failed: expected ' + expected + ', got ' + actual);
  };
  return test;
})();
