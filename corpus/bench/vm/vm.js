'use strict';
// A stack machine: programs are text, one `opcode [argument]` per line; the interpreter dispatches on
// the opcode string. Every `&&`/`||`/switch of this file is listed in expect.json.

/** Parses program text into `{ op, arg }` instructions; labels (`name:`) become jump targets. */
function assemble(text) {
  const lines = text.split('\n');
  const labels = new Map();
  const code = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line.length === 0) continue;
    if (line.endsWith(':')) labels.set(line.slice(0, -1), code.length);
    else {
      const parts = line.split(' ');
      code.push({ op: parts[0], arg: parts.length > 1 ? parts[1] : '' });
    }
  }
  for (let i = 0; i < code.length; i++) {
    const ins = code[i];
    const target = labels.get(ins.arg);
    ins.arg = target !== undefined ? target : (ins.arg === '' ? 0 : Number(ins.arg));
  }
  return code;
}

/** Runs the program on `memory` (an array of integers); returns the number of instructions executed. */
function execute(code, memory) {
  const stack = [];
  let pc = 0;
  let steps = 0;
  while (pc < code.length) {
    const ins = code[pc];
    pc++;
    steps++;
    let a;
    let b;
    // Opportunity: the dispatch tests the rare opcodes first; 'load', 'push', 'add' and 'jlt' run most.
    switch (ins.op) {
      case 'halt': pc = code.length; break;
      case 'print': memory.push(stack[stack.length - 1]); break;
      case 'dup': stack.push(stack[stack.length - 1]); break;
      case 'swap': a = stack.pop(); b = stack.pop(); stack.push(a, b); break;
      case 'pop': stack.pop(); break;
      case 'mul': b = stack.pop(); a = stack.pop(); stack.push(Math.imul(a, b)); break;
      case 'mod': b = stack.pop(); a = stack.pop(); stack.push(b === 0 ? 0 : a % b); break;
      case 'sub': b = stack.pop(); a = stack.pop(); stack.push((a - b) | 0); break;
      case 'jmp': pc = ins.arg; break;
      case 'loadi': a = stack.pop(); stack.push(memory[a]); break;
      case 'store': memory[ins.arg] = stack.pop(); break;
      case 'jlt': b = stack.pop(); a = stack.pop(); if (a < b) pc = ins.arg; break;
      case 'add': b = stack.pop(); a = stack.pop(); stack.push((a + b) | 0); break;
      case 'push': stack.push(ins.arg); break;
      case 'load': stack.push(memory[ins.arg]); break;
      default: throw new Error('unknown opcode ' + ins.op + ' at ' + (pc - 1));
    }
  }
  return steps;
}

/** Describes an opcode's stack effect; already ordered by how often the benchmark asks. */
function stackEffect(op) {
  switch (op) {
    case 'load': return 1;
    case 'push': return 1;
    case 'add': return -1;
    case 'jlt': return -2;
  }
  return 0;
}

module.exports = { assemble, execute, stackEffect };
