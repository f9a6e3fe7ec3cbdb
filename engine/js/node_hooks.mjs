// decisionprof `--engine node`: ES-module load hooks. A project file decisionprof prepared runs as
// its instrumented text; a dependency runs instrumented for write logging (`decisionprof
// instrument --log-only`), so a speculation that calls into it can undo what it writes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

let stored = {};
let instrumenter = null;
let nextBinding = null;

export function initialize(data) {
  stored = JSON.parse(readFileSync(data.store, 'utf8'));
  instrumenter = data.instrumenter;
  nextBinding = data.nextBinding;
}

// Binding numbers come from the counter the runner shares (their names stay with this thread:
// messages about them say "binding #n").
function logOnly(file) {
  if (!instrumenter) return null;
  for (;;) {
    const first = Atomics.load(nextBinding, 0);
    const r = spawnSync(instrumenter, ['instrument', '--log-only', '--json', '--first-binding', String(first), file], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (r.status !== 0) return null;
    const out = JSON.parse(r.stdout);
    if (Atomics.compareExchange(nextBinding, 0, first, first + out.bindings.length) === first) return out.code;
  }
}

export async function load(url, context, next) {
  const r = await next(url, context);
  if (!url.startsWith('file:') || r.format !== 'module') return r;
  const file = fileURLToPath(url);
  const text = stored[file] !== undefined ? readFileSync(stored[file], 'utf8') : logOnly(file);
  return text === null ? r : { format: 'module', source: text, shortCircuit: true };
}
