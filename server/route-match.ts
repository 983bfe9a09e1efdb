// Which route serves a path, by React Router's matching over shared/routes.ts. Apart from the renderer, so that what
// only labels or looks up a path (the metrics, the prepared pages) loads no React DOM.
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

// matchRoutes ranks the whole table on every call; paths repeat, so answers are kept, bounded (paths come from the internet).
const matched = new LRUCache<string, RouteDef>({ max: 2_000 });

// Unknown paths get the not-found route; so does a path the site refuses (too long, undecodable), neither matched nor
// kept, as React Router would print a warning of its own to stderr.
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
