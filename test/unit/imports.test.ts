// Imports run one way: no module imports, however indirectly, a module that
// imports it (lazy page imports included), and content never imports a
// component. madge reads the import graph from the sources.
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

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
    expect(imports['shared/routes.ts']).toContain('shared/pages/home.tsx');
    expect(graph.circular()).toEqual([]);
    expect(graph.warnings().skipped).toEqual([]);
  });

  it('keeps content free of components, layout and pages', async () => {
    const { imports } = await importGraph();
    const fromContent = Object.entries(imports)
      .filter(([file]) => file.startsWith('shared/content/'))
      .flatMap(([file, targets]) =>
        targets.filter((target) => /^shared\/(components|layout|pages)\//.test(target)).map((target) => `${file} → ${target}`),
      );
    expect(fromContent).toEqual([]);
  });
});
