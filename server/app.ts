// The application, assembled top to bottom in the order a request meets it.
// Exported apart from listen() so that tests can drive it in-process.
import express from 'express';
import type { RequestHandler } from 'express';
import type { RequestListener } from 'node:http';
import type { Config } from './config.js';
import { accessLog } from './access-log.js';
import type { AnswerTable } from './answer-table.js';
import { sendAnswer } from './answers.js';
import { missingAssets } from './assets.js';
import { errorHandler } from './errors.js';
import { answerPreparedFirst } from './fast-path.js';
import { healthRoutes, type Readiness } from './health.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { canonicalPaths, redirectToHttps, type TrustProxy } from './redirects.js';
import { streamPages } from './render.js';
import { routeFor } from './route-match.js';
import { noIndex, refuseBodies, rejectMalformedUrls } from './request-guards.js';
import { watchRequests } from './request-watch.js';
import { searchPage } from './search-page.js';
import { shedRequests } from './shed.js';
import { securityHeaders } from './security.js';

export interface AppDeps {
  /** Every answer prepared at start-up (server/answer-table.ts). */
  answers: AnswerTable;
  logger: Logger;
  readiness: Readiness;
  /** Prometheus metrics, when METRICS_PORT is not 0. */
  metrics?: Metrics;
  /** True once shutdown has closed the listener: answers then close their connections. */
  closingConnections?: () => boolean;
}

export interface Site {
  /** What the HTTP server runs: request id, observation and prepared answers (server/fast-path.ts), then Express. */
  listener: RequestListener;
}

export function createSite(config: Config, deps: AppDeps): Site {
  const closing = deps.closingConnections ?? (() => false);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  const trust = app.get('trust proxy fn') as TrustProxy;
  const { metrics } = deps;
  const observe = watchRequests([accessLog(deps.logger, trust), ...(metrics ? [metrics.recorder] : [])]);

  // The request id, the observer and the drain's Connection: close are the listener's (server/fast-path.ts), for every request.
  // On every answer, errors and redirects included.
  app.use(securityHeaders(deps.answers.securityHeaders));
  if (!config.indexing) app.use(noIndex);
  // Only GET and HEAD without a body go further (405, 413).
  app.use(refuseBodies);

  // Health before the rest: probes must be answered plainly, over plain HTTP.
  app.use(healthRoutes(deps.readiness));

  app.use(rejectMalformedUrls);
  if (config.forceHttps) app.use(redirectToHttps(config.site.siteUrl, trust));

  // Files and pages at their exact paths were answered before Express; every other path here.
  app.use(missingAssets);
  app.use(canonicalPaths);
  const rendered = (seconds: number) => metrics?.streamedRender(seconds);
  // The one page rendered from what the request asks, whatever PAGE_CACHE says.
  const shed = shedRequests(deps.logger, metrics?.registry);
  app.use(searchPage(deps.answers.searchIndex, deps.answers.render, { onRendered: rendered, shed }));
  if (config.pageCache) {
    // Paths React Router matches to a page without being its exact path, and the not-found page.
    app.use(preparedPages(deps.answers));
  } else {
    // Rendered per request: the only answers compressed on the fly.
    app.use(streamPages(deps.answers.render, rendered));
  }

  app.use(errorHandler(deps.logger));

  return { listener: answerPreparedFirst(deps.answers, app, { observe, forceHttps: config.forceHttps, trust, closing }) };
}

function preparedPages(table: AnswerTable): RequestHandler {
  return (req, res, next) => {
    const answer = table.pages.get(routeFor(req.path).id);
    // Every route is prepared at start-up; a route without its answer is a defect, answered 500.
    if (answer) sendAnswer(req, res, answer, res.getHeader('X-Request-Id') as string);
    else next(new Error(`No prepared answer for ${req.path}`));
  };
}
