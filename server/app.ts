// The application, assembled top to bottom in the order a request meets it.
// Exported apart from listen() so that tests can drive it in-process.
import compression from 'compression';
import express from 'express';
import type { Config } from './config.js';
import { staticFiles } from './assets.js';
import { imageHandlers } from './images.js';
import { seoHandlers } from './seo.js';
import { errorHandler } from './errors.js';
import { canonicalPaths, redirectToHttps } from './redirects.js';
import { healthRoutes, type Readiness } from './health.js';
import type { Logger } from './logger.js';
import type { BuildManifest } from './manifest.js';
import { pageHandler } from './render.js';
import { securityHeaders } from './security.js';
import { accessLog } from './access-log.js';
import { exactPaths } from './exact-paths.js';
import { closeConnectionsWhen, noIndex, refuseBodies, rejectMalformedUrls, requestId } from './request-guards.js';

export interface AppDeps {
  manifest: BuildManifest;
  /** The built public folder: root files, and hashed files under assets/. */
  publicDir: string;
  logger: Logger;
  readiness: Readiness;
  /** True once shutdown has closed the listener: answers then close their connections. */
  closingConnections?: () => boolean;
}

export function createApp(config: Config, deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  app.use(requestId);
  app.use(accessLog(deps.logger));
  app.use(closeConnectionsWhen(deps.closingConnections ?? (() => false)));
  // On every answer, errors and redirects included.
  app.use(securityHeaders({ site: config.site, hstsPreload: config.hstsPreload }));
  if (!config.indexing) app.use(noIndex);
  // Only GET and HEAD without a body go further (405, 413).
  app.use(refuseBodies);

  // Health before the rest: probes must be answered plainly, over plain HTTP.
  app.use(healthRoutes(deps.readiness));

  app.use(rejectMalformedUrls);
  if (config.forceHttps) app.use(redirectToHttps(config.site.siteUrl));

  app.use(staticFiles(deps.publicDir));
  app.use(exactPaths(seoHandlers(config.site, { indexing: config.indexing, builtAt: deps.manifest.builtAt }), imageHandlers(config.site)));

  app.use(canonicalPaths);
  // Cached pages carry their own precompressed bodies; only live renders need this.
  if (!config.pageCache) app.use(compression());
  // Pages match by the route table, not by Express routing.
  app.use(pageHandler({ site: config.site, assets: deps.manifest, logger: deps.logger, pageCache: config.pageCache }));

  app.use(errorHandler(deps.logger));
  return app;
}
