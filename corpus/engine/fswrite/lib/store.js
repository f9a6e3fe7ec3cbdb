'use strict';
const fs = require('fs');
const path = require('path');

// A tiny key-value store kept as one JSON file per key.
class Store {
  constructor(dir) {
    this.dir = dir;
    fs.mkdirSync(dir, { recursive: true });
  }
  file(key) {
    return path.join(this.dir, key + '.json');
  }
  put(key, value) {
    fs.writeFileSync(this.file(key), JSON.stringify(value));
  }
  get(key) {
    return fs.existsSync(this.file(key)) ? JSON.parse(fs.readFileSync(this.file(key), 'utf8')) : undefined;
  }
  keys() {
    return fs.readdirSync(this.dir).filter((f) => f.endsWith('.json') && f !== 'log.json').map((f) => f.slice(0, -5)).sort();
  }
  // The first check writes a log entry: reordering it would move the write.
  logged(key, value) {
    return this.log(key) && value !== undefined && key.length > 0;
  }
  log(key) {
    fs.appendFileSync(path.join(this.dir, 'log.txt'), key + '\n');
    return true;
  }
}
module.exports = { Store };
