import { defineConfig } from "vitest/config";

// vite resolves the tests' imports with `ssr.resolve.conditions` (vite 6)
export default defineConfig({
  resolve: {
    conditions: ["@demo/source"],
  },
  ssr: {
    resolve: {
      conditions: ["@demo/source"],
    },
  },
});
