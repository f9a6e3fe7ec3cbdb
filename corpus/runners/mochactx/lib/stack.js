'use strict';
class Stack {
  constructor(limit) { this.items = []; this.limit = limit; }
  push(x) {
    if (this.items.length >= this.limit || x === undefined) return false;
    this.items.push(x);
    return true;
  }
}
module.exports = { Stack };
