// Which route serves a path: React Router's matching over the one route table
// (shared/routes.ts), case-sensitive, unknown paths to the not-found route.
// Apart from the renderer, so that what only labels or looks up a path (the
// metrics, the prepared pages) loads no React DOM.
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes, type RouteDef } from '../shared/routes.js';
import { decodes, MAX_TARGET_LENGTH } from './request-target.js';

const routeObjects: RouteObject[] = routes.map((route) => ({ id: route.id, path: route.path, caseSensitive: true }));
const routesById = new Map(routes.map((route) => [route.id as string, route]));
const notFoundRoute =
  routes.find((route) => route.status === 404) ??
  (() => {
    throw new Error('The route table has no not-found route (status 404).');
  })();

// matchRoutes flattens and ranks the whole table on every call, which costs
// more than the rest of a 404's response; paths repeat, so results are kept, as
// many as a bounded cache holds (paths come from the internet).
const matched = new LRUCache<string, RouteDef>({ max: 2_000 });

/**
 * The route for a path, by React Router's matching; unknown paths get the not-found route. So does a path the site
 * refuses (too long, or not decodable: React Router would print a warning of its own to stderr), without matching it
 * or keeping it.
 */
export function routeFor(pathname: string): RouteDef {
  if (pathname.length > MAX_TARGET_LENGTH || !decodes(pathname)) return notFoundRoute;
  let route = matched.get(pathname);
  if (!route) {
    const id = matchRoutes(routeObjects, pathname)?.[0]?.route.id;
    route = (id && routesById.get(id)) || notFoundRoute;
    matched.set(pathname, route);
  }
  return route;
}
