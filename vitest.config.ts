import { defineConfig } from 'vitest/config';
import { viteMarkdownContent } from './scripts/markdown-content.js';
import { LongestFirst } from './test/support/longest-first.js';

export default defineConfig({
  // Pages import their Markdown copy as data, compiled as the server build compiles it.
  plugins: [viteMarkdownContent()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Browser tests start a server and Chromium; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a visitor would see, and returns as soon as it holds. Its own
    // default bound (1 s) is shorter than a hydration, a lazy module or a request can take on
    // two cores under the whole suite; 10 s, as the engines' waitFor (test/support/engines.ts).
    expect: { poll: { timeout: 10_000 } },
    // Three files at a time on two cores: the engine files wait on their browsers more than they run (WebKit's
    // uses about a third of a core), so with two workers a core sat idle beside them.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    setupFiles: ['test/support/fail-on-console-error.ts'],
  },
});
