import { test } from 'vitest';
test('old', () => {});
