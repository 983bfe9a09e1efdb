// The one route table: the list of pages and what they share. The server
// matches requests against it and takes each page's status, head tags and
// breadcrumb from it; the header's menus (hydrated in the browser), the search
// index and the sitemap are drawn from it. Each page's own head tags, banner and
// copy are in its folder (shared/pages/<id>/); the page's component is referenced
// by lazy import, so the table can be read without loading the pages.
import type { ComponentType } from 'react';
import { legalHead, pageHead, type PageHead } from './meta.js';
import aboutCopy from './pages/about/about.page.md';
import acceptableUseCopy from './pages/aup/aup.legal.md';
import contactCopy from './pages/contact/contact.page.md';
import customDevelopmentCopy from './pages/custom-development/custom-development.page.md';
import homeCopy from './pages/home/home.page.md';
import maintenanceCopy from './pages/maintenance/maintenance.page.md';
import notFoundCopy from './pages/not-found/not-found.page.md';
import privacyCopy from './pages/privacy/privacy.legal.md';
import searchCopy from './pages/search/search.page.md';
import servicesCopy from './pages/services/services.page.md';
import sharedHostingCopy from './pages/shared-hosting/shared-hosting.page.md';
import termsCopy from './pages/terms/terms.legal.md';
import { routePaths, type RouteId } from './paths.js';

export type { RouteId };

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

const sharedHosting: RouteEntry = {
  ...pageHead(sharedHostingCopy),
  id: 'shared-hosting',
  path: routePaths['shared-hosting'],
  page: () => import('./pages/shared-hosting/page.js'),
};

const entries: RouteEntry[] = [
  { ...pageHead(homeCopy), id: 'home', path: routePaths.home, page: () => import('./pages/home/page.js') },
  { ...pageHead(aboutCopy), id: 'about', path: routePaths.about, page: () => import('./pages/about/page.js') },
  sharedHosting,
  // The older address of the same page: served as-is, indexed under the new one.
  { ...sharedHosting, id: 'hosting-alias', path: routePaths['hosting-alias'], menu: undefined, canonicalPath: sharedHosting.path },
  {
    ...pageHead(customDevelopmentCopy),
    id: 'custom-development',
    path: routePaths['custom-development'],
    page: () => import('./pages/custom-development/page.js'),
  },
  { ...pageHead(maintenanceCopy), id: 'maintenance', path: routePaths.maintenance, page: () => import('./pages/maintenance/page.js') },
  // The overview the "Services" crumb leads to; last in the Services menu.
  { ...pageHead(servicesCopy), id: 'services', path: routePaths.services, page: () => import('./pages/services/page.js') },
  { ...pageHead(contactCopy), id: 'contact', path: routePaths.contact, page: () => import('./pages/contact/page.js') },
  { ...legalHead(privacyCopy), id: 'privacy', path: routePaths.privacy, page: () => import('./pages/privacy/page.js') },
  { ...legalHead(termsCopy), id: 'terms', path: routePaths.terms, page: () => import('./pages/terms/page.js') },
  { ...legalHead(acceptableUseCopy), id: 'aup', path: routePaths.aup, page: () => import('./pages/aup/page.js') },
  { ...pageHead(searchCopy), id: 'search', path: routePaths.search, perRequest: true, page: () => import('./pages/search/page.js') },
  { ...pageHead(notFoundCopy), id: 'not-found', path: routePaths['not-found'], page: () => import('./pages/not-found/page.js') },
];

/** A page's name in a breadcrumb. */
const crumbOf = (entry: RouteEntry): string => entry.crumb ?? entry.label;

/** Whether the page at `above` is above the one at `path` in the site's tree: Home above every page, /services above /services/x. */
const isAbove = (above: string, path: string) => above !== path && (above === routePaths.home || path.startsWith(`${above}/`));

/** Home, then each page above this one, nearest last, then the page itself, unlinked; none for Home and not-found. */
function breadcrumbOf(entry: RouteEntry): Crumb[] | undefined {
  if (entry.path === '*' || entry.path === routePaths.home) return undefined;
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
