'use strict';
// Benchmark: assembles a program that sums pairs of a 250-element array in nested loops, runs
// it, and prints the results and step count.
const { assemble, execute, stackEffect } = require('./vm');

// BENCH_SCALE (default 1) shrinks the input for quick runs, e.g. BENCH_SCALE=0.1 in CI: the embedded
// engine is two orders of magnitude slower than node, and the instrumented run slower again.
const SCALE = Number(process.env.BENCH_SCALE) > 0 ? Number(process.env.BENCH_SCALE) : 1;
// The program's cost grows with the square of the array length.
const N = Math.max(4, Math.round(250 * Math.sqrt(SCALE)));

// memory[0] = i, memory[1] = j, memory[2] = acc, memory[3] = n, memory[10..] = data
const PROGRAM = `
  push 0
  store 0
outer:
  push 0
  store 1
inner:
  load 2
  load 1
  push 10
  add
  loadi
  load 0
  push 10
  add
  loadi
  add
  add
  push 1000003
  mod
  store 2
  load 1
  push 1
  add
  store 1
  load 1
  load 3
  jlt inner
  load 0
  push 1
  add
  store 0
  load 2
  print
  load 0
  load 3
  jlt outer
  halt
`;

const code = assemble(PROGRAM);
const memory = [0, 0, 0, N, 0, 0, 0, 0, 0, 0];
let seed = 3;
for (let i = 0; i < N; i++) {
  seed = (seed * 16807) % 2147483647;
  memory.push(seed % 1000);
}
const steps = execute(code, memory);
let depth = 0;
code.forEach((ins) => { depth += stackEffect(ins.op); });
console.log('steps', steps, 'acc', memory[2], 'last', memory[memory.length - 1], 'static depth', depth);
