// Work queued and drained through promises and callbacks, each reading the queue's `this` from
// an arrow inside another arrow.
class Queue {
  constructor(limit) {
    this.limit = limit;
    this.items = [];
    this.done = 0;
  }

  add(item) {
    return new Promise((resolve) => {
      process.nextTick(() => {
        this.items.push(item);
        resolve(this.items.length);
      });
    });
  }

  drain() {
    return this.items.map((item) => [item].filter((x) => x > 0 && this.done < this.limit).map(() => {
      this.done += 1;
      return item * 2;
    }));
  }

  get summary() {
    return (() => () => `${this.done}/${this.limit}`)()();
  }
}

const counter = {
  n: 0,
  bump(times) {
    [...Array(times)].forEach(() => [1].forEach(() => { this.n += 1; }));
    return this.n;
  },
};

module.exports = { Queue, counter };
