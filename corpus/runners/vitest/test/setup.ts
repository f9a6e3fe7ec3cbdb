// loaded before the tests (vitest.config.ts setupFiles)
(globalThis as { rangeUnit?: string }).rangeUnit = "px";
