// decisionprof `--engine node`: ES-module load hooks. A project file decisionprof prepared runs as
// its instrumented text; a dependency runs instrumented for write logging (`decisionprof
// instrument --log-only`), so a speculation that calls into it can undo what it writes.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { withModuleGlobals, resolve as tsResolve, load as tsLoad } from './ts_hooks.mjs';

const requireHere = createRequire(import.meta.url);
const instrumentDependency = requireHere('./dependency_text.js');
const openStore = requireHere('./prepared_store.js');

let stored = null;
let instrumenter = null;

let redirects = {};

export function initialize(data) {
  stored = openStore(data.store, data.preparedCount);
  instrumenter = data.instrumenter;
  redirects = data.redirects || {};
}

// build output that was not built runs as its source (node_profile.js does the same for require)
// TypeScript's resolution and loading (ts_hooks.mjs) come after ours through `next`: one
// registration, one round trip to the hooks' thread at start-up instead of two.
export async function resolve(specifier, context, next) {
  try {
    return await tsResolve(specifier, context, next);
  } catch (e) {
    if (!e || e.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    const named = /Cannot find module '([^']+)'/.exec(String(e.message));
    let asked = named && named[1].startsWith('/') ? named[1] : null;
    if (/^\.\.?\//.test(specifier) && context.parentURL && context.parentURL.startsWith('file:')) {
      asked = fileURLToPath(new URL(specifier, context.parentURL));
    }
    if (asked === null || !Object.prototype.hasOwnProperty.call(redirects, asked)) throw e;
    // a query (a fresh instance the harness asks for) stays with the source
    const query = /\?[^#]*/.exec(specifier);
    return { url: pathToFileURL(redirects[asked]).href + (query ? query[0] : ''), shortCircuit: true };
  }
}

// decisionprof numbers the bindings, and the text registers their names with the runtime.
function logOnly(file) {
  if (!instrumenter) return null;
  const r = instrumentDependency(instrumenter, file);
  return r.error === undefined ? r.code : null;
}

export async function load(url, context, next) {
  const r = await tsLoad(url, context, next);
  // a CommonJS dependency read as jest and vitest read it (harness/node_side.js `takeOverModules`)
  if (!url.startsWith('file:') || r.format !== 'module' || url.endsWith('#dp-cjs')) return r;
  const file = fileURLToPath(url);
  const prepared = stored === null ? null : stored.text(file);
  const text = prepared !== null ? prepared : logOnly(file);
  return text === null ? r : { format: 'module', source: withModuleGlobals(url, text), shortCircuit: true };
}
