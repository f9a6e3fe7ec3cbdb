import { test } from 'vitest';
test('built', () => {});
