import { it, expect, vi } from 'vitest';
import fs from 'node:fs';

it('leaves a spy on a shared built-in', () => {
  vi.spyOn(fs, 'existsSync').mockReturnValue(true);
  expect(fs.existsSync('/no/such/file')).toBe(true);
});
