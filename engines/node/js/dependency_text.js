// decisionprof `--engine node`, for the runner and the ES-module hooks' thread alike: a dependency
// instrumented for write logging as node loads it. The engine that started node serves file after
// file on a loopback port (`instrumenter` is that port); a worker thread talks to it while the
// loading thread waits on a shared flag, so a `require` stays synchronous. The runner's main
// thread asks through a pair of named pipes instead when decisionprof made them (`usePipes`):
// it writes and reads them itself, synchronously.
'use strict';
const { Worker, MessageChannel, receiveMessageOnPort } = require('worker_threads');

// The worker: connects, passes each request on and each answer back, then raises the flag.
const WORKER = `
const { workerData } = require('worker_threads');
const net = require('net');
const { port, flag, instrumenter } = workerData;
const socket = net.connect(instrumenter, '127.0.0.1');
socket.setNoDelay(true);
let buffered = '';
function answer(a) { port.postMessage(a); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }
socket.setEncoding('utf8');
socket.on('data', (d) => {
  buffered += d;
  for (let i; (i = buffered.indexOf('\\n')) >= 0;) {
    const line = buffered.slice(0, i);
    buffered = buffered.slice(i + 1);
    answer(JSON.parse(line));
  }
});
socket.on('error', (e) => answer({ failed: String(e) }));
socket.on('close', () => answer({ failed: 'the instrumenter closed the connection' }));
port.on('message', (req) => socket.write(JSON.stringify(req) + '\\n'));
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

// The functions the pipes are asked through, taken before a test can stub them and before
// decisionprof's runtime wraps JSON's to charge their work to the program (this is
// decisionprof's work). A test that mocks the file system makes the pipes fail: the worker
// asks from then on.
const { parse: parseJson, stringify: stringifyJson } = JSON;
const { openSync, readSync, writeSync, constants: fsConstants } = require('fs');
const { from: bufferFrom, concat: bufferConcat } = Buffer;
const bufferText = Buffer.prototype.toString;
// The main thread's named pipes (`usePipes`): the requests' and answers' file descriptors (the
// answers' null until the first request is written) and the answers' path; null when not used.
let pipes = null;
const pipeBuffer = Buffer.allocUnsafe(1 << 16);
// Opens the named pipe `requests` (decisionprof serves it already; `answers` is opened after
// the first request is written, as decisionprof opens its end once it has one): this thread
// asks through them, one line each way, without a worker between.
function usePipes(paths) {
  try {
    // without waiting: decisionprof's end is open before node starts, and a pipe with no reader
    // fails here (then the worker asks) instead of waiting for ever
    const w = openSync(paths.requests, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK);
    pipes = { w, r: null, answers: paths.answers };
  } catch (e) {
    pipes = null;
  }
  return pipes !== null;
}
// The answer to `req` through the pipes, or null when they failed (then never used again).
function askThroughPipes(req) {
  try {
    writeSync(pipes.w, stringifyJson(req) + '\n');
    if (pipes.r === null) pipes.r = openSync(pipes.answers, 'r');
    const parts = [];
    for (;;) {
      const n = readSync(pipes.r, pipeBuffer, 0, pipeBuffer.length, null);
      if (n === 0) throw new Error('the instrumenter closed the pipe');
      const part = bufferFrom(pipeBuffer.subarray(0, n));
      parts[parts.length] = part;
      if (part[n - 1] === 10) break;
    }
    return parseJson(Reflect.apply(bufferText, bufferConcat(parts), ['utf8']));
  } catch (e) {
    pipes = null;
    return null;
  }
}

// The server's answer to `req`, or null when it failed.
function ask(instrumenter, req) {
  if (pipes !== null) {
    const a = askThroughPipes(req);
    if (a !== null) return a;
  }
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

// { code } or { error } when it does not instrument. decisionprof numbers the logged bindings of
// every file it instruments, the project's and its dependencies', as it is asked for them; the
// text registers their names with the runtime (`__dp.f`).
function instrumentDependency(instrumenter, file) {
  const out = ask(instrumenter, { file, first: 0 }) || { error: 'the instrumenter is not reachable' };
  if (out.error !== undefined) return { error: out.error };
  return { code: out.code };
}
module.exports = instrumentDependency;
// the server's answer to any request (prepared_store.js asks for the project's scripts)
module.exports.ask = ask;
// starts this thread's connection now, so that it is up by the first request
module.exports.connect = (instrumenter) => { if (instrumenter) serverFor(instrumenter); };
module.exports.usePipes = usePipes;
