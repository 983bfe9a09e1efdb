// The documents a browser test visits: one per route, at an address that serves it. The old hosting address is left
// out: it serves its page's very bytes (test/http/pages.test.ts), so a browser would do the same work twice.
import { routes, type RouteId } from '../../shared/routes.js';

/** An address no page has, answered with the not-found page. */
export const notFoundPath = '/no-such-page';

export const browserPages: { id: RouteId; path: string }[] = routes
  .filter((route) => !route.canonicalPath)
  .map((route) => ({ id: route.id, path: route.status === 404 ? notFoundPath : route.path }));

export const browserPaths = browserPages.map((page) => page.path);
