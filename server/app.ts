// Every request's path through the site: the middleware run top to bottom, in the order written. Apart from listening
// (server/start.ts), so that tests can drive it in-process.
import compression from 'compression';
import { constants as zlib } from 'node:zlib';
import express, { type RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';
import type { Config } from './config.js';
import { accessLog } from './access-log.js';
import { missingAssets } from './assets.js';
import { errorHandler } from './errors.js';
import { healthRoutes, type Lifecycle } from './health.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { sendPrepared, servePrepared } from './prepared.js';
import type { PreparedSite } from './prepared-site.js';
import { canonicalPaths, redirectToHttps, type TrustProxy } from './redirects.js';
import { routeFor } from './route-match.js';
import { noIndex, refuseBodies, rejectMalformedUrls } from './request-guards.js';
import { searchPage } from './search-page.js';
import { shedRequests } from './shed.js';
import { securityHeaders } from './security.js';

export interface AppDeps {
  prepared: PreparedSite;
  logger: Logger;
  /** Read by /readyz; once shutdown has closed the listener, responses close their connections. */
  lifecycle: Lifecycle;
  /** Prometheus metrics, when METRICS_PORT is not 0. */
  metrics?: Metrics;
}

export function createSite(config: Config, deps: AppDeps): express.Express {
  const { prepared, metrics } = deps;
  const closing = () => deps.lifecycle.phase === 'closing';
  const trust = trustOf(config.trustProxy);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trust);

  // First, so that every answer of the app, a guard's refusal included, has its request id and access line.
  app.use(accessLog(deps.logger, trust));
  if (metrics) app.use(metrics.middleware);
  app.use(securityHeaders({ site: config.site, hstsPreload: config.hstsPreload, inline: prepared.inline }));
  if (!config.indexing) app.use(noIndex);
  app.use(connectionPolicy(closing));

  // A target too long (414) or not decodable (400) is refused before anything reads its path.
  app.use(rejectMalformedUrls);
  // Only GET and HEAD without a body go further (405, 413).
  app.use(refuseBodies);
  // Health before the redirects: probes are answered over plain HTTP.
  app.use(healthRoutes(deps.lifecycle));
  if (config.forceHttps) app.use(redirectToHttps(config.site.siteUrl, trust));

  app.use(servePrepared(prepared.byPath));
  app.use(missingAssets);
  app.use(canonicalPaths);
  // Only what is made per request: prepared responses carry their ETag. Brotli's window is a page's 64 KiB, not 4 MiB,
  // as each search render holds an encoder, and a flood of them would hold hundreds of megabytes of native memory.
  app.use(
    compression({
      filter: (req, res) => !res.hasHeader('ETag') && compression.filter(req, res),
      brotli: { params: { [zlib.BROTLI_PARAM_LGWIN]: 16 } },
    }),
  );
  const shed = shedRequests(deps.logger, metrics?.registry);
  app.use(searchPage(prepared.searchIndex, prepared.render, { onRendered: (seconds) => metrics?.streamedRender(seconds), shed }));
  // Paths React Router matches to a page without being its exact path, and the not-found page.
  app.use(preparedPages(prepared));

  app.use(errorHandler(deps.logger));
  return app;
}

/** Who may speak for the client (X-Forwarded-*): the first TRUST_PROXY hops, or the addresses it names, as Express compiles them. */
export function trustOf(setting: Config['trustProxy']): TrustProxy {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** A response that makes no progress for this long (the client stopped reading) is abandoned with its socket. */
const STALLED_MS = 15_000;

function connectionPolicy(closing: () => boolean): RequestHandler {
  return (_req, res, next) => {
    res.setTimeout(STALLED_MS);
    if (closing()) res.setHeader('Connection', 'close');
    next();
  };
}

function preparedPages(site: PreparedSite): RequestHandler {
  return (req, res, next) => {
    const page = site.pages.get(routeFor(req.path).id);
    // Every route is prepared before the server listens; a route without its response is a defect, answered 500.
    if (page) sendPrepared(req, res, page);
    else next(new Error(`No prepared response for ${req.path}`));
  };
}
