// The docs that describe the present (README.md, docs/*.md, test/README.md)
// name only what exists: every repository path they give in code or as a
// link is a file or folder in the working tree, and every npm script they name
// is in package.json. The decisions are records and may name what is gone, but
// each says at its top whether it stands, and one superseded names the
// decision that replaces it. And every package the code imports is declared.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const presentDocs = [
  'README.md',
  'test/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A path the docs name is one of the repository's own only when it starts where the repository's files do. */
const topFolders = ['server/', 'client/', 'shared/', 'scripts/', 'test/', 'docs/', 'deploy/', 'public/', '.ci/'];
const topFiles = [
  'package.json',
  'package-lock.json',
  'Dockerfile',
  'README.md',
  'CHANGELOG.md',
  'tsconfig.json',
  'tsconfig.mutation.json',
  'vitest.config.ts',
  'vitest.mutation.config.ts',
  'stryker.config.json',
  'knip.json',
  'eslint.config.js',
];

/** The path a token names, without its `#anchor` or `:line` suffix and trailing punctuation; undefined when it names none of the repository's. */
function repositoryPath(token: string): string | undefined {
  if (/[*<>{}…$]/.test(token)) return undefined; // a pattern or a placeholder, not a path
  const path = token
    .replace(/#.*$/, '')
    .replace(/[.,;:)]+$/, '')
    .replace(/:\d+(-\d+)?$/, '');
  const named = topFolders.some((folder) => path.startsWith(folder)) || topFiles.includes(path);
  return named ? path : undefined;
}

const withoutCode = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]+`/g, '');

/** The fenced blocks' text, and the document's other code spans. */
function codeOf(markdown: string): string[] {
  const fences = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return [...fences, ...spans];
}

/** Every repository path a document names in code, and every link target that is not a URL, resolved as a browser would. */
function namedPaths(markdown: string, file: string): string[] {
  const paths = new Set<string>();
  for (const code of codeOf(markdown)) {
    for (const token of code.split(/[\s,;()"'=|]+/)) {
      const path = repositoryPath(token);
      if (path !== undefined) paths.add(path);
    }
  }
  for (const [, target] of withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    // A URL, a place on the same page, or an address on the site (in an example of Markdown copy).
    if (/^[a-z][a-z+.-]*:/i.test(target!) || /^[#/]/.test(target!)) continue;
    const path = relative(root, join(root, dirname(file), target!.replace(/#.*$/, '')));
    if (path !== '') paths.add(target!.endsWith('/') ? `${path}/` : path);
  }
  return [...paths];
}

/** npm's own commands; `npm test`, `npm start`, `npm stop` and `npm restart` run the package's scripts of those names. */
const npmCommands = new Set(['ci', 'install', 'i', 'ls', 'exec', 'outdated', 'update', 'audit', 'pack', 'publish', 'view', 'init']);
const npmScriptCommands = new Set(['test', 'start', 'stop', 'restart']);

/** The package.json scripts a document's code runs (`npm run X`, `npm test`), and npm commands that are neither script nor npm's own. */
function namedScripts(markdown: string): string[] {
  const scripts = new Set<string>();
  for (const code of codeOf(markdown)) {
    const words = code.split(/\s+/);
    words.forEach((word, at) => {
      if (word !== 'npm') return;
      const command = words[at + 1] ?? '';
      const name = command === 'run' || command === 'run-script' ? (words[at + 2] ?? '') : command;
      if (!/^[a-z][\w:-]*$/.test(name)) return; // `npm run` alone, or npm's options
      if (name !== command || npmScriptCommands.has(name) || !npmCommands.has(name)) scripts.add(name);
    });
  }
  return [...scripts];
}

describe('the docs that describe the present', () => {
  it.each(presentDocs)('%s names only paths that exist', (file) => {
    const missing = namedPaths(read(file), file).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it.each(presentDocs)('%s runs only npm scripts that exist', (file) => {
    const missing = namedScripts(read(file)).filter((name) => !(name in packageJson.scripts));
    expect(missing).toEqual([]);
  });

  it('finds the paths and scripts it checks', () => {
    const sample = [
      'Read `server/app.ts:52-56`, `docs/operations.md#logs` and `test/support/`; run `npm run bench -- --flood-only`',
      'then `npm test` and `npm ci`, or `bash .ci/run`. Not `shared/pages/<page>/`, `*.md`, `app.ts` or `npm run`.',
      'See [the guide](../docs/editing-content.md#preview) and [pino](https://example.com/docs/x.md).',
      '```sh',
      'node --import tsx scripts/build.ts && kubectl apply -f deploy/kubernetes/deployment.yaml',
      '```',
    ].join('\n');
    expect(namedPaths(sample, 'test/README.md').sort()).toEqual(
      [
        '.ci/run',
        'deploy/kubernetes/deployment.yaml',
        'docs/editing-content.md',
        'docs/operations.md',
        'scripts/build.ts',
        'server/app.ts',
        'test/support/',
      ].sort(),
    );
    expect(namedScripts(sample).sort()).toEqual(['bench', 'test']);
    expect(namedScripts('`npm run fences-bench`, `npm frobnicate`').sort()).toEqual(['fences-bench', 'frobnicate']);
  });
});

describe('docs/decisions', () => {
  const decisions = readdirSync(join(root, 'docs/decisions')).filter((name) => name.endsWith('.md'));

  it.each(decisions)('%s says at its top whether it stands', (name) => {
    const top = read(`docs/decisions/${name}`).split('\n').slice(0, 6).join('\n');
    expect(top).toMatch(/^.*\bStatus: \**(accepted|superseded by|withdrawn|open)\b/m);
  });

  it.each(decisions)('%s, superseded or withdrawn, names an existing decision', (name) => {
    const top = read(`docs/decisions/${name}`).split('\n').slice(0, 6).join('\n');
    for (const [, number, target] of top.matchAll(/\b(?:superseded by|replaced by) \[(\d{3})\]\(([^)]+)\)/gi)) {
      expect(target).toMatch(new RegExp(`^${number!}-`));
      expect(decisions).toContain(target);
    }
    for (const [, target] of top.matchAll(/\]\(([^)\s#]+)/g)) expect(existsSync(join(root, 'docs/decisions', target!))).toBe(true);
  });
});

/** Every source file of the code, the scripts and the tests. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|tsx|mts|js|mjs)$/.test(path) && !path.split('/').includes('fixtures'))
    .map((path) => `${folder}/${path}`);
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a relative path, URL or Node built-in. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || /^[a-z]+:/.test(specifier) || builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('imports', () => {
  it('imports only packages that package.json declares (a types-only package through its @types one)', () => {
    const declared = new Set([...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.devDependencies)]);
    const typesOf = (name: string) => `@types/${name.replace(/^@/, '').replace('/', '__')}`;
    const undeclared = new Set<string>();
    for (const file of ['server', 'shared', 'client', 'scripts', 'test'].flatMap(sources)) {
      const code = read(file);
      const specifiers = [
        ...code.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm),
        ...code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
        ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
        ...code.matchAll(/\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((match) => match[1]!);
      for (const name of specifiers.map(packageOf)) {
        if (name !== undefined && !declared.has(name) && !declared.has(typesOf(name))) undeclared.add(`${name} (${file})`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });

  it('reads package names from specifiers', () => {
    expect(['react-dom/client', '@types/mdast', 'node:fs', 'fs/promises', './a.js', '/assets/x.js'].map(packageOf)).toEqual([
      'react-dom',
      '@types/mdast',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
