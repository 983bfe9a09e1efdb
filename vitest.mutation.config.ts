// The tests Stryker runs against each mutant (npm run mutation): those that
// load server/ in-process. The others start the built server (dist/) or a
// browser, which a mutant in the sources never reaches, or read no server
// code at all, so they could not kill one; leaving them out matters because a
// mutant in code that runs at start-up (most of the renderer) is run against
// every test here. (Not mergeConfig: it concatenates `include` lists, and the
// browser suites came back in with the base configuration's own.)
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/unit/**/*.test.ts', 'test/http/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      'test/http/connections.test.ts',
      'test/http/fuzz.test.ts',
      'test/http/half-close.test.ts',
      'test/http/image.test.ts',
      'test/http/load.test.ts',
      'test/http/metrics.test.ts',
      'test/http/production-start.test.ts',
      'test/http/redirects.test.ts',
      'test/http/search-burst.test.ts',
      'test/http/shutdown.test.ts',
      'test/unit/content.test.ts',
      'test/unit/imports.test.ts',
      'test/unit/lighthouse-calibration.test.ts',
      'test/unit/runtime.test.ts',
    ],
  },
});
