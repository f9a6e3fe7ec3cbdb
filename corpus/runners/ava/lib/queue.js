export class Queue {
  constructor(limit) {
    this.limit = limit;
    this.items = [];
  }
  push(x) {
    if (this.items.length >= this.limit || x === undefined) throw new RangeError('queue full or bad item');
    this.items.push(x);
    return this.items.length;
  }
  shift() {
    return this.items.length > 0 && this.limit > 0 ? this.items.shift() : undefined;
  }
  async drain(sink) {
    const out = [];
    while (this.items.length > 0) out.push(await sink(this.shift()));
    return out;
  }
}
