// the path separator, decided as the module loads
import { statSync } from 'node:fs';
import { sep } from './sep.mjs';

export const platform = process.env.PLATFORM_UNDER_TEST || 'posix';
export function separator() {
  return platform === 'win32' ? '\\' : sep;
}
export function isDir(p) {
  try { return statSync(p).isDirectory(); } catch (e) { return false; }
}
