import { defineConfig } from "vitest/config";

export default defineConfig({
  // replaced in the sources as vite builds them (decisionprof: set before the tests load)
  define: {
    __UNIT__: '"px"',
    __STRICT__: true,
    "process.env.RANGE_MODE": '"strict"',
  },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
  },
});
