import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Browser tests start a server and Chromium; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    setupFiles: ['test/support/fail-on-console-error.ts'],
  },
});
