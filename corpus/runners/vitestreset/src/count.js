// Counted and read once, when the module is evaluated.
globalThis.__loads = (globalThis.__loads || 0) + 1;
export const loads = globalThis.__loads;
export const mode = process.env.MODE || 'dev';
export const strict = mode === 'prod' || process.env.STRICT === '1';
