import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    // @testing-library/react cleans up after each test when `afterEach` is a global
    globals: true,
  },
});
