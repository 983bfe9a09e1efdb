// ESLint, in `npm test`: typescript-eslint's strict type-checked rules, React's
// rules of hooks (and the React Compiler's checks that come with them), and
// jsx-a11y's strict accessibility rules for the markup. A rule is turned off
// only here or on the line it excuses, with the reason beside it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'reports/', '.stryker-tmp/', 'public/', '.scratch/'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    rules: {
      // Numbers in messages, sizes and URLs are what template literals are for.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `() => res.end()` is a callback, not a value anyone reads;
      // and a function typed to return nothing may hand on with `return app(req, res)` (the fast
      // path, the metrics listener). Express middleware is typed otherwise, so it calls `next()`
      // and then returns.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // Express tells an error handler by its four parameters; `_` marks one a signature needs.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // An ES import of node:http also loads its fetch exports (undici), about 40 ms of every start; the server takes the
    // module through process.getBuiltinModule('node:http') instead. Types are free.
    files: ['server/**', 'shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:http',
              message: "Use process.getBuiltinModule('node:http'): an ES import loads undici at start-up.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and scripts read JSON and documents they then assert on: a value
    // that is not there fails the test at once, so `!` and untyped JSON are
    // allowed there, and only there. The code that ships proves its reads.
    files: ['test/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      // `server?.stop()` in afterAll is for a beforeAll that failed before it assigned.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  // jsx-a11y ships no types; the configuration is plain JavaScript.
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  reactHooks.configs.flat['recommended-latest'],
  jsxA11y.flatConfigs.strict,
  {
    rules: {
      // A region that scrolls sideways (the plan comparison on a phone) must be
      // reachable by keyboard to be scrolled: axe's scrollable-region-focusable.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
);
