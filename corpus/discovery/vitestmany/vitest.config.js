import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['spec/*.test.js'],
          exclude: ['spec/env/**'],
          setupFiles: ['spec/env/setup.js'],
          globals: true,
        },
      },
      { test: { name: 'tasks', include: ['tasks/*.test.js'], globals: true } },
      { test: { name: 'browser', include: ['spec/*.test.js'], browser: { enabled: true } } },
    ],
  },
});
