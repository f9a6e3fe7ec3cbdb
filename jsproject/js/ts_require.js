// decisionprof, both node runners (the gate and `--engine node`): CommonJS finds TypeScript the
// way TypeScript does (`require('./x.js')` may name `./x.ts`), and which `.ts` files are modules.
'use strict';
module.exports = function resolveTypeScript(Module) {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    try {
      return resolve.call(this, request, ...rest);
    } catch (e) {
      const m = /\.(m|c)?js$/.exec(request);
      if (!e || e.code !== 'MODULE_NOT_FOUND' || !m) throw e;
      for (const ext of m[1] ? [m[1] + 'ts'] : ['ts', 'tsx', 'jsx']) {
        try {
          return resolve.call(this, request.slice(0, m.index) + '.' + ext, ...rest);
        } catch {
          // the next spelling
        }
      }
      // none exists: node's own error, naming what was asked for
      throw e;
    }
  };
};

// Whether a `.ts` file is an ES module: TypeScript with import/export is one whatever package.json
// says (`.mts`/`.cts` are decided by their extension).
const MODULE_SYNTAX = /^\s*(import(\s+[\w{*'"]|\s*[{*'"])|export[\s{*])/m;
module.exports.isTypeScriptModule = function (file) {
  if (!/\.[tj]sx$|\.ts$/.test(file)) return false;
  try {
    return MODULE_SYNTAX.test(require('fs').readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
};
