// decisionprof `--engine node`, for the runner and the ES-module hooks' thread alike: a dependency
// instrumented for write logging as node loads it. One `decisionprof instrument --log-only
// --serve` process per thread answers file after file; a worker thread talks to it while the
// loading thread waits on a shared flag, so a `require` stays synchronous. Without the worker,
// each file is one `decisionprof instrument --log-only --json` process (about 10 ms each).
'use strict';
const { spawnSync } = require('child_process');
const { Worker, MessageChannel, receiveMessageOnPort } = require('worker_threads');

// The worker: starts the server, passes each request on and each answer back, then raises the flag.
const WORKER = `
const { workerData } = require('worker_threads');
const { spawn } = require('child_process');
const { port, flag, instrumenter } = workerData;
const child = spawn(instrumenter, ['instrument', '--log-only', '--serve'], { stdio: ['pipe', 'pipe', 'ignore'] });
let buffered = '';
function answer(a) { port.postMessage(a); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }
child.stdout.setEncoding('utf8');
child.stdout.on('data', (d) => {
  buffered += d;
  for (let i; (i = buffered.indexOf('\\n')) >= 0;) {
    const line = buffered.slice(0, i);
    buffered = buffered.slice(i + 1);
    answer(JSON.parse(line));
  }
});
child.on('error', (e) => answer({ failed: String(e) }));
child.on('exit', () => answer({ failed: 'the instrumenter exited' }));
port.on('message', (req) => child.stdin.write(JSON.stringify(req) + '\\n'));
`;

let server;
// { port, flag } of this thread's server, or null when it cannot start
function serverFor(instrumenter) {
  if (server !== undefined) return server;
  try {
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER, { eval: true, workerData: { port: port2, flag, instrumenter }, transferList: [port2] });
    worker.unref();
    server = { port: port1, flag };
  } catch (e) {
    server = null;
  }
  return server;
}

// The server's answer to `req`, or null when it failed (the process per file takes over).
function ask(instrumenter, req) {
  const s = serverFor(instrumenter);
  if (s === null) return null;
  Atomics.store(s.flag, 0, 0);
  s.port.postMessage(req);
  Atomics.wait(s.flag, 0, 0);
  const got = receiveMessageOnPort(s.port);
  if (!got || got.message.failed !== undefined) {
    server = null;
    return null;
  }
  return got.message;
}

// A process of its own for one file: { code, bindings } or { error }.
function once(instrumenter, file, first) {
  const args = ['instrument', '--log-only', '--json', '--first-binding', String(first), file];
  const r = spawnSync(instrumenter, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) return { error: String(r.stderr || r.error).trim().split('\n')[0] };
  return JSON.parse(r.stdout);
}

// { code, first, bindings } (its logged bindings numbered from `first`, taken from the shared
// counter `next`, an Int32Array on a SharedArrayBuffer), or { error } when it does not instrument.
module.exports = function instrumentDependency(instrumenter, file, next) {
  for (;;) {
    const first = Atomics.load(next, 0);
    const out = ask(instrumenter, { file, first }) || once(instrumenter, file, first);
    if (out.error !== undefined) return { error: out.error };
    // another thread numbered a file meanwhile: instrument again from the new counter
    if (Atomics.compareExchange(next, 0, first, first + out.bindings.length) !== first) continue;
    return { code: out.code, first, bindings: out.bindings };
  }
};
