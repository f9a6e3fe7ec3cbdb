var passed = 0;
var total = 0;
['parse'].forEach(function (name) {
  require('./cases/' + name);
  passed += test.result[0];
  total += test.result[1];
});
console.log('In total, ' + passed + ' of ' + total + ' tests passed.');
if (passed !== total) process.exitCode = 1;
