import { it, expect } from 'vitest';
import fs from 'node:fs';

it('finds the built-in as it is in a later file', () => {
  expect(fs.existsSync('/no/such/file')).toBe(false);
});
