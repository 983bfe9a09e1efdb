// The route table and the pages' folders: a page is a folder of shared/pages/ and one entry in shared/routes.ts, its
// address in its copy's front matter (docs/editing-content.md, "Add a page").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../scripts/markdown-content.js';
import { loadConfig } from '../../server/config.js';
import { serviceOffers } from '../../shared/content/services.js';
import servicesCopy from '../../shared/pages/services/services.page.md';
import { routeById, routes } from '../../shared/routes.js';

const pagesFolder = join(import.meta.dirname, '..', '..', 'shared', 'pages');

describe('the route table', () => {
  it('has one entry for each folder of shared/pages, under its name, and no page without one', () => {
    const folders = readdirSync(pagesFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const pages = new Set<string>(routes.filter((route) => !route.canonicalPath).map((route) => route.id));
    expect(
      folders.filter((folder) => !pages.has(folder)),
      'folders of shared/pages/ with no line in shared/routes.ts',
    ).toEqual([]);
    expect(
      [...pages].filter((id) => !folders.includes(id)),
      'lines of shared/routes.ts with no folder of shared/pages/',
    ).toEqual([]);
  });

  it("gives each page the address its copy's front matter writes, and the alias its page's head", () => {
    for (const route of routes.filter((candidate) => !candidate.canonicalPath)) {
      const [copy = ''] = readdirSync(join(pagesFolder, route.id)).filter((file) => /^[a-z-]+\.(page|legal)\.md$/.test(file));
      const file = join(pagesFolder, route.id, copy);
      const document = compileMarkdown(relative(process.cwd(), file), readFileSync(file, 'utf8')) as { head: { path: string } };
      expect(route.path, route.id).toBe(document.head.path);
    }
    const alias = routes.find((route) => route.canonicalPath)!;
    expect({ ...alias, id: undefined, path: undefined, canonicalPath: undefined, menu: undefined }).toEqual({
      ...routeById('shared-hosting'),
      id: undefined,
      path: undefined,
      menu: undefined,
    });
    expect(alias.canonicalPath).toBe(routeById('shared-hosting').path);
  });

  it("leads each service's button on the Services overview to its page, as Home's list of services does", () => {
    for (const offer of serviceOffers(servicesCopy, loadConfig({}).site)) expect(offer.action.href).toBe(routeById(offer.route).path);
  });
});
