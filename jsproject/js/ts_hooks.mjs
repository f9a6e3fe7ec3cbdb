// decisionprof gate: ES-module hooks that let node load the TypeScript files of a working copy.
// decisionprof has already blanked their types in place, so they hold JavaScript; node only needs
// to find them (`./x.js` names `./x.ts`, extensionless `./x` may be `./x.ts`) and to be told their
// format (`.mts` module, `.cts` CommonJS, `.ts` a module when it has `import`/`export`).
// Extensionless and folder imports (`../src/index`, `../src`, `pkg/sub`) from a package without
// `"type"`, whose ES modules are written for a loader such as `esm` (the embedded engine resolves
// them too), find their file as CommonJS would (a folder's package.json "main", `.js`, `.mjs`,
// `.cjs`, then `index.*`) when node's own rules fail.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TS = /\.((m|c)?ts|tsx|jsx)$/;
const MODULE_SYNTAX = /^\s*(import\s*[\w{*'"]|export[\s{*])/m;

const LOOSE = ['.js', '.mjs', '.cjs', '/index.js', '/index.mjs', '/index.cjs'];

// whether the importing file's nearest package.json has no `"type": "module"`
function typeless(parentURL) {
  if (!parentURL || !parentURL.startsWith('file:')) return false;
  for (let dir = dirname(fileURLToPath(parentURL)); ; dir = dirname(dir)) {
    let text = null;
    try { text = readFileSync(join(dir, 'package.json'), 'utf8'); } catch { /* none here */ }
    if (text !== null) {
      try { return JSON.parse(text).type !== 'module'; } catch { return true; }
    }
    if (dirname(dir) === dir) return true;
  }
}

// vitest (vite's resolver) and jest find a module without its extension, or a folder, in any package
function runnerResolves() {
  return process.env.VITEST === 'true' || process.env.JEST_WORKER_ID !== undefined;
}

// a folder imported from a package without "type", or under vitest or jest, by its package.json
// "main" (as require finds it)
function folderMain(specifier, parentURL) {
  if (!parentURL || !parentURL.startsWith('file:') || !(runnerResolves() || typeless(parentURL))) return [];
  let main;
  try {
    main = JSON.parse(readFileSync(join(dirname(fileURLToPath(parentURL)), specifier, 'package.json'), 'utf8')).main;
  } catch {
    return [];
  }
  if (typeof main !== 'string') return [];
  const at = specifier.replace(/\/$/, '') + '/' + main.replace(/^\.\//, '');
  return [at].concat(LOOSE.map((x) => at + x));
}

function alternatives(specifier, parentURL) {
  const m = /\.(m|c)?js$/.exec(specifier);
  if (m) return [specifier.slice(0, m.index) + '.' + (m[1] || '') + 'ts'].concat(m[1] ? [] : [specifier.slice(0, m.index) + '.tsx', specifier.slice(0, m.index) + '.jsx']);
  if (/\.(json|node|wasm)$/.test(specifier)) return [];
  const loose = () => (runnerResolves() || typeless(parentURL) ? LOOSE.map((x) => specifier + x) : []);
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    return [specifier + '.ts', specifier + '.tsx', specifier + '/index.ts', specifier + '/index.tsx', specifier + '.jsx', specifier + '/index.jsx'].concat(folderMain(specifier, parentURL), loose());
  }
  // a package's sub-path without its extension (`lodash/get`), not a built-in or a URL
  return /^(@[^/]+\/)?[^./:@][^/:]*\/[^:]+$/.test(specifier) ? loose() : [];
}

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    for (const alt of alternatives(specifier, context.parentURL)) {
      try {
        return await next(alt, context);
      } catch {
        // try the next spelling
      }
    }
    throw err;
  }
}

// whether the text binds `name` itself: declares it (`const`, `let`, `var`, `function`, `class`),
// imports it (`import x`, `as x`) or destructures it (`{ a, x } =`, `{ x } from`); a `${x}` in a
// template is a use (the embedded engine's `binds` in `engines/boa/src/esm/mod.rs` reads it the same way)
function declares(source, name) {
  return new RegExp('\\b(?:const|let|var|function|class|as|import)\\s+' + name + '\\b|\\{[^{}]*\\b' + name + '\\b[^{}]*\\}\\s*(?:=|from\\b)').test(source);
}

// CommonJS's `require`, `__filename` and `__dirname` in front of an ES module (on its first line,
// so lines stay the file's) where the project's runner or loader gives them: vitest (which sets
// VITEST for its tests) in every module it transforms, outside `node_modules`; a loader (babel,
// `esm`, ts-node) in a `.js`/`.ts` file of a package without "type": "module". The embedded engine
// does the same (`engines/boa/src/esm/mod.rs`). A name the file binds itself is left to it.
export function withModuleGlobals(url, source) {
  if (!url.startsWith('file:') || url.includes('/node_modules/')) return source;
  const vitest = process.env.VITEST === 'true';
  if (!vitest && !(/\.[jt]s$/.test(url.split('?')[0]) && typeless(url))) return source;
  const text = typeof source === 'string' ? source : Buffer.from(source).toString('utf8');
  let prologue = '';
  if (!declares(text, 'require')) {
    prologue += 'import { createRequire as __dpCreateRequire } from "node:module"; const require = __dpCreateRequire(import.meta.url);';
  }
  if (!declares(text, '__filename')) prologue += 'const __filename = import.meta.filename;';
  if (!declares(text, '__dirname')) prologue += 'const __dirname = import.meta.dirname;';
  return prologue === '' ? source : prologue + text;
}

export async function load(url, context, next) {
  // the file's name without a query (a test file's `?dp-file=N`, harness/node_side.js `nodePerFile`)
  const bare = url.split('?')[0];
  // a JSON file imported without `with { type: 'json' }`, as bundler-run tests (vitest) do
  if (url.startsWith('file:') && bare.endsWith('.json') && !(context.importAttributes && context.importAttributes.type)) {
    return next(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
  }
  if (!url.startsWith('file:') || !TS.test(bare)) {
    const r = await next(url, context);
    return r.format === 'module' && r.source != null ? { ...r, source: withModuleGlobals(url, r.source) } : r;
  }
  const source = await readFile(fileURLToPath(url), 'utf8');
  const format = bare.endsWith('.mts')
    ? 'module'
    : bare.endsWith('.cts')
      ? 'commonjs'
      : MODULE_SYNTAX.test(source)
        ? 'module'
        : 'commonjs';
  // CommonJS goes through require, whose `.ts` handler gate.js installs
  return { format, source: format === 'module' ? withModuleGlobals(url, source) : undefined, shortCircuit: true };
}
