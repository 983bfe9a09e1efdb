// The application, assembled top to bottom in the order a request meets it.
// Exported apart from listen() so that tests can drive it in-process.
import compression from 'compression';
import express from 'express';
import type { Config } from './config.js';
import { staticFiles } from './assets.js';
import { canonicalPaths, errorHandler, methodNotAllowed } from './errors.js';
import { healthRoutes, type Readiness } from './health.js';
import type { Logger } from './logger.js';
import type { BuildManifest } from './manifest.js';
import { pageHandler } from './render.js';
import { securityHeaders } from './security.js';

export interface AppDeps {
  manifest: BuildManifest;
  /** The built public folder: root files, and hashed files under assets/. */
  publicDir: string;
  logger: Logger;
  readiness: Readiness;
}

export function createApp(config: Config, deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Health first: probes need no security headers and must never be slowed.
  app.use(healthRoutes(deps.readiness));

  app.use(securityHeaders({ site: config.site, hstsPreload: false }));

  app.use(staticFiles(deps.publicDir));

  app.use(canonicalPaths);
  // Cached pages carry their own precompressed bodies; only live renders need this.
  if (!config.pageCache) app.use(compression());
  app.get('/{*splat}', pageHandler({ site: config.site, assets: deps.manifest, logger: deps.logger, pageCache: config.pageCache }));
  app.all('/{*splat}', methodNotAllowed);

  app.use(errorHandler(deps.logger));
  return app;
}
