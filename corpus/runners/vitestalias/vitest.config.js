import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '#lib': fileURLToPath(new URL('./src/lib', import.meta.url)),
    },
  },
  test: {
    alias: [{ find: /^~(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/lib/$1') }],
  },
});
