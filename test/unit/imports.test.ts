// Imports run one way: no module imports, however indirectly, a module that
// imports it (lazy page imports included), and content never imports a
// component. Metrics, errors, the guards and health never load the renderer
// (React DOM's server renderer, with every page) to label or refuse a request,
// and the metrics know nothing of what is prepared at start-up, not even its
// type. madge reads the import graph from the sources.
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** What each module imports, type-only imports and packages included (a package is one node, its own imports unread). */
async function fullImportGraph(): Promise<Record<string, string[]>> {
  const graph = await madge(['server', 'shared', 'client'], {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(root, 'tsconfig.json'),
    includeNpm: true,
  });
  return graph.obj();
}

/** Every module `from` reaches, however indirectly. */
function reachable(imports: Record<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const target of imports[file] ?? []) {
      if (seen.has(target)) continue;
      seen.add(target);
      pending.push(target);
    }
  }
  return seen;
}

const isRenderer = (file: string) => file === 'server/render.tsx' || /(^|\/)react-dom\//.test(file);

async function importGraph() {
  const graph = await madge(['server', 'shared', 'client'], {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(root, 'tsconfig.json'),
    // A type-only import is erased at build time and creates no load-order dependency.
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });
  return { graph, imports: graph.obj() };
}

describe('the import graph', () => {
  it('has no circle, and every import resolves', async () => {
    const { graph, imports } = await importGraph();
    expect(Object.keys(imports).length).toBeGreaterThan(60);
    // The route table reaches the pages through their lazy imports: the graph sees those too.
    expect(imports['shared/routes.ts']).toContain('shared/pages/home/page.tsx');
    expect(graph.circular()).toEqual([]);
    expect(graph.warnings().skipped).toEqual([]);
  });

  it('keeps content free of components, layout and pages', async () => {
    const { imports } = await importGraph();
    const fromContent = Object.entries(imports)
      .filter(([file]) => file.startsWith('shared/content/'))
      .flatMap(([file, targets]) =>
        // A page's Markdown is copy, not its code: the facts read the Privacy Policy's analytics paragraph from it.
        targets
          .filter((target) => /^shared\/(components|layout|pages)\//.test(target) && !target.endsWith('.md'))
          .map((target) => `${file} → ${target}`),
      );
    expect(fromContent).toEqual([]);
  });

  it('keeps metrics, errors, the guards and health from the renderer, and metrics from the prepared site', async () => {
    const imports = await fullImportGraph();
    // The graph names packages by the files that declare them: React DOM's server renderer is reached from render.tsx.
    expect([...reachable(imports, 'server/render.tsx')].some(isRenderer)).toBe(true);
    for (const file of ['server/metrics.ts', 'server/errors.ts', 'server/request-guards.ts', 'server/health.ts']) {
      expect(imports[file], file).toBeDefined();
      expect([...reachable(imports, file)].filter(isRenderer), file).toEqual([]);
    }
    expect([...reachable(imports, 'server/metrics.ts')].filter((file) => file === 'server/prepared-site.ts')).toEqual([]);
  });

  it('lets only the render path import the renderer or React DOM', async () => {
    const imports = await fullImportGraph();
    const renderPath = new Set([
      'server/render.tsx',
      'server/render-site.ts',
      'server/prepared-site.ts',
      'server/search-page.tsx',
      'server/app.ts',
    ]);
    const importers = Object.entries(imports)
      .filter(([file]) => file.startsWith('server/') && !renderPath.has(file))
      .flatMap(([file, targets]) => targets.filter(isRenderer).map((target) => `${file} → ${target}`));
    expect(importers).toEqual([]);
  });
});
