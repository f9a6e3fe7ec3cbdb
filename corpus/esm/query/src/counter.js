globalThis.__loads = (globalThis.__loads || 0) + 1;
export const load = globalThis.__loads;
export function label(n) {
  return n > 1 && load > 1 ? 'again' : 'first';
}
