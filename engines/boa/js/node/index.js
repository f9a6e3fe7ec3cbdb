// decisionprof host: Node's built-in modules by name. Each is in the file of its family in this
// folder, which exports it under its name; a family is evaluated when one of its modules is first
// required (the host's globals need some at start: process, console, timers, Buffer, …).
'use strict';
var hasOwn = Object.prototype.hasOwnProperty;
// module name -> the family's file
var FAMILIES = {
  assert: 'assert',
  'assert/strict': 'assert',
  util: 'util',
  'util/types': 'util',
  path: 'path',
  'path/posix': 'path',
  events: 'events',
  console: 'console',
  process: 'process',
  timers: 'timers',
  'timers/promises': 'timers',
  fs: 'fs',
  'fs/promises': 'fs',
  buffer: 'buffer',
  os: 'os',
  module: 'module',
  querystring: 'querystring',
  url: 'url',
  string_decoder: 'string_decoder',
  crypto: 'crypto',
  zlib: 'zlib',
  stream: 'stream',
  'stream/promises': 'stream',
  readline: 'readline',
  'readline/promises': 'readline',
  tty: 'small',
  perf_hooks: 'small',
  async_hooks: 'small',
  constants: 'small',
  child_process: 'small',
  vm: 'small',
  worker_threads: 'small',
  diagnostics_channel: 'channels'
};
// the modules required so far: name -> value
var found = Object.create(null);

module.exports = {
  // whether `name` (without `node:`) is a built-in the host has
  has: function (name) { return hasOwn.call(FAMILIES, name); },
  // the built-in module `name` (one the host has)
  require: function (name) {
    if (hasOwn.call(found, name)) return found[name];
    var value = require('./' + FAMILIES[name])[name];
    // a family still being evaluated (a cycle) has not exported it yet: asked again later
    if (value !== undefined) found[name] = value;
    return value;
  },
  // modules Boa cannot have: the module loader names them with the requiring file
  unavailable: ['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'cluster', 'inspector', 'repl'],
  // `Module.builtinModules`: every module the host has or names as unavailable (node lists
  // `fs/promises` and the others too)
  listed: function () {
    return Object.keys(FAMILIES).concat(this.unavailable).sort();
  }
};
