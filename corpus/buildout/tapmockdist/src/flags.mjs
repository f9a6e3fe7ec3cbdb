// the flags, read as the module loads (tests import the build output, dist/flags.mjs)
export const verbose = process.env.FLAGS_VERBOSE === '1';
export function level() {
  return verbose && process.env.FLAGS_QUIET !== '1' ? 2 : 1;
}
