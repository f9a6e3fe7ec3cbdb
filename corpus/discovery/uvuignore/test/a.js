import { test } from 'uvu'; test('a', () => {}); test.run();
