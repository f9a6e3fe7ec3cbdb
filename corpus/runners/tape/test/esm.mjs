import test from 'tape';
import { createRequire } from 'node:module';

test('esm import of tape', async (t) => {
  const { slug } = createRequire(import.meta.url)('../lib/slug.js');
  t.deepEqual(slug('ESM Test'), 'esm-test');
});
