'use strict';
const EventEmitter = require('events');
const util = require('util');
const data = require('./data.json');

function classify(n) {
  if (n > 10 && n % 2 === 0) return 'big-even';
  if (n > 10 || n < -10) return 'big';
  return 'small';
}

class Counter extends EventEmitter {
  constructor() { super(); this.n = 0; }
  inc() { this.n++; this.emit('inc', this.n); return this; }
}

module.exports = { classify, Counter, data, describe: (x) => util.format('%s=%d %j', 'x', x, { x }) };
