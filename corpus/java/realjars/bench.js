// Rhino workload for `bench jvm-run`: recursion, object churn, property maps, sorting.
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
var words = [];
for (var i = 0; i < 60000; i++) words.push({ k: 'w' + (i % 997), v: i });
var counts = {};
words.forEach(function (w) { counts[w.k] = (counts[w.k] || 0) + w.v; });
var keys = Object.keys(counts).sort();
var text = keys.map(function (k) { return k + '=' + counts[k]; }).join(',');
print(fib(22) + ' ' + keys.length + ' ' + counts[keys[0]] + ' ' + text.length);
