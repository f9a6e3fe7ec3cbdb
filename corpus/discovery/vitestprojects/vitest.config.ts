import { defineConfig, configDefaults } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.{js,ts}', '**/*.test.js'],
    exclude: [...configDefaults.exclude, 'test/helpers.ts', 'test/types/*.ts'],
    projects: [
      { test: { name: 'browser', browser: { enabled: true } } },
      { extends: true, test: { name: 'async' }, define: { 'globalThis.USE_SYNC': false } },
      { extends: true, test: { name: 'sync' }, define: { 'globalThis.USE_SYNC': true } },
    ],
  },
});
