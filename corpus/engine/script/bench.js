'use strict';
// A benchmark script (no tests): one unit. Exercises the event loop's ordering.
const util = require('util');
const EventEmitter = require('events');
const order = [];
process.nextTick(() => order.push('tick'));
Promise.resolve().then(() => order.push('promise'));
setTimeout(() => {
  order.push('timeout 0');
  Promise.resolve().then(() => order.push('micro in timeout'));
  setImmediate(() => order.push('immediate after timeout'));
  setTimeout(() => order.push('timeout after timeout'), 0);
}, 0);
let intervals = 0;
const iv = setInterval(() => { intervals++; if (intervals === 3) clearInterval(iv); }, 2);
function score(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    if ((i % 3 === 0 && i % 5 === 0) || i % 7 === 0) s += i;
    else if (i % 2 === 0 || i > n - 3) s -= 1;
  }
  return s;
}
console.log('score', score(2000), util.format('%d items, %s', 3, 'ok'));
const em = new EventEmitter();
em.once('x', (v) => console.log('once', v));
em.emit('x', 1);
em.emit('x', 2);
console.log(util.inspect({ nested: { deep: { deeper: { deepest: 1 } } }, arr: new Array(30).fill(7) }));
console.log([1.5, -0, NaN, 'str', null, undefined, true, 10n], { 'key-with-dash': 1, valid_id: 2 });
console.log(new Error('shown as stack?').message, [function named() {}, () => 1, class K {}]);
// Print once everything above has happened, however slow the machine is.
(function finish() {
  if (order.length === 6 && intervals === 3) console.log(order.join(', '), '| intervals', intervals);
  else setTimeout(finish, 5);
})();
