import { defineConfig } from 'vitest/config';

// JSX in .jsx files for React's automatic runtime, as @vitejs/plugin-react compiles it
export default defineConfig({
  esbuild: { jsx: 'automatic' },
});
