// The one route table: the list of pages and what they share. The server
// matches requests against it and takes each page's status, head tags and
// breadcrumb from it; the header's menus (hydrated in the browser), the search
// index and the sitemap are drawn from it. Each page's address, head tags, banner
// and copy are in its folder (shared/pages/<id>/), its copy read here with a
// top-level await; its component is imported lazily, so the table can be read
// without loading the pages (decision 046).
import type { ComponentType } from 'react';
import type { LegalMarkdown, PageMarkdown } from './content/markdown.js';
import { legalHead, pageHead, type PageHead } from './meta.js';
import { searchPath } from './search-query.js';

export interface RouteDef extends PageHead {
  id: RouteId;
  /** React Router path pattern; '*' matches whatever no other route does. */
  path: string;
  /** Breadcrumb trail above the page heading, from its path: Home, each page above it, then itself; absent on Home and not-found. */
  breadcrumb?: Crumb[];
  /** Where search engines should index this content; defaults to `path`. */
  canonicalPath?: string;
  /**
   * Rendered for each request from what it asks (the search page, from its
   * query), never prepared in advance; never indexed, listed in the sitemap or
   * given a canonical address.
   */
  perRequest?: boolean;
  /** 404 for the route that answers every path no other route does ('*'), 200 for the others. */
  status: 200 | 404;
  page: () => Promise<{ default: ComponentType }>;
}

export interface Crumb {
  label: string;
  /** The current page has no link. */
  path?: string;
}

/** A route as the table writes it: its name, menu and head from its copy's front matter, its status and breadcrumb from its path. */
type RouteEntry = Omit<RouteDef, 'status' | 'breadcrumb'>;

/**
 * A page of `shared/pages/<id>/`: its address, name, menu and head tags from its copy's front matter, its component
 * imported when it is first rendered.
 */
async function page<Id extends string>(
  id: Id,
  copy: Promise<{ default: PageMarkdown | LegalMarkdown }>,
  component: RouteEntry['page'],
): Promise<Omit<RouteEntry, 'id'> & { id: Id }> {
  const { default: document } = await copy;
  return { ...('updated' in document ? legalHead(document) : pageHead(document)), id, path: document.head.path, page: component };
}

const sharedHosting = await page(
  'shared-hosting',
  import('./pages/shared-hosting/shared-hosting.page.md'),
  () => import('./pages/shared-hosting/page.js'),
);

// One entry a page; the order is the menus'.
const entries = [
  await page('home', import('./pages/home/home.page.md'), () => import('./pages/home/page.js')),
  await page('about', import('./pages/about/about.page.md'), () => import('./pages/about/page.js')),
  sharedHosting,
  // The older address of the same page: served as-is, indexed under the new one.
  { ...sharedHosting, id: 'hosting-alias' as const, path: '/services/hosting', menu: undefined, canonicalPath: sharedHosting.path },
  await page(
    'custom-development',
    import('./pages/custom-development/custom-development.page.md'),
    () => import('./pages/custom-development/page.js'),
  ),
  await page('maintenance', import('./pages/maintenance/maintenance.page.md'), () => import('./pages/maintenance/page.js')),
  // The overview the "Services" crumb leads to; last in the Services menu.
  await page('services', import('./pages/services/services.page.md'), () => import('./pages/services/page.js')),
  await page('contact', import('./pages/contact/contact.page.md'), () => import('./pages/contact/page.js')),
  await page('privacy', import('./pages/privacy/privacy.legal.md'), () => import('./pages/privacy/page.js')),
  await page('terms', import('./pages/terms/terms.legal.md'), () => import('./pages/terms/page.js')),
  await page('aup', import('./pages/aup/aup.legal.md'), () => import('./pages/aup/page.js')),
  { ...(await page('search', import('./pages/search/search.page.md'), () => import('./pages/search/page.js'))), perRequest: true },
  await page('not-found', import('./pages/not-found/not-found.page.md'), () => import('./pages/not-found/page.js')),
];

export type RouteId = (typeof entries)[number]['id'];

// What the server and the search form take as fixed, and two pages at one address, stop the build and the dev server
// with the file to correct.
const fixedPaths = { home: '/', search: searchPath };
for (const entry of entries) {
  const fixed = fixedPaths[entry.id as keyof typeof fixedPaths] as string | undefined;
  if (fixed !== undefined && entry.path !== fixed)
    throw new Error(`shared/pages/${entry.id}/${entry.id}.page.md: path: must be ${fixed}, where the site's links and forms expect it`);
  const other = entries.find((candidate) => candidate !== entry && candidate.path === entry.path);
  if (other) throw new Error(`shared/pages/${entry.id}/: path: ${entry.path} is the address of shared/pages/${other.id}/ too`);
}

/** A page's name in a breadcrumb. */
const crumbOf = (entry: RouteEntry): string => entry.crumb ?? entry.label;

/** Whether the page at `above` is above the one at `path` in the site's tree: Home above every page, /services above /services/x. */
const isAbove = (above: string, path: string) => above !== path && (above === '/' || path.startsWith(`${above}/`));

/** Home, then each page above this one, nearest last, then the page itself, unlinked; none for Home and not-found. */
function breadcrumbOf(entry: RouteEntry): Crumb[] | undefined {
  if (entry.path === '*' || entry.path === '/') return undefined;
  const above = entries
    .filter((candidate) => !candidate.canonicalPath && isAbove(candidate.path, entry.path))
    .sort((a, b) => a.path.length - b.path.length);
  return [...above.map((candidate) => ({ label: crumbOf(candidate), path: candidate.path })), { label: crumbOf(entry) }];
}

export const routes: RouteDef[] = entries.map((entry) => {
  const breadcrumb = breadcrumbOf(entry);
  return { ...entry, status: entry.path === '*' ? 404 : 200, ...(breadcrumb ? { breadcrumb } : {}) };
});

/** The address a route's content is indexed under, or none for the not-found and search pages. */
export function canonicalPathOf(route: RouteDef): string | undefined {
  if (route.status === 404 || route.perRequest) return undefined;
  return route.canonicalPath ?? route.path;
}

/** Pages with an address of their own: what the sitemap, the search index and the audits cover (no alias, no 404, no search page). */
export function indexableRoutes(): RouteDef[] {
  return routes.filter((route) => route.status === 200 && !route.canonicalPath && !route.perRequest);
}

/** Pages the header lists in one menu, in table order. */
export function menuRoutes(menu: NonNullable<RouteDef['menu']>): RouteDef[] {
  return routes.filter((route) => route.menu === menu);
}

export function routeById(id: RouteId): RouteDef {
  const route = routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id}`);
  return route;
}
