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
import { closeConnectionsWhen, noIndex, refuseBodies, rejectMalformedUrls, requestIdOf } from './request-guards.js';
import { watchRequests, type RequestObserver } from './request-watch.js';
import { searchPage } from './search-page.js';
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
  /** What the HTTP server runs: prepared answers first, then the app. */
  listener: RequestListener;
  /** The Express application alone, every middleware in order. */
  app: express.Express;
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

  app.use(requestIdAndObserve(observe));
  app.use(closeConnectionsWhen(closing));
  // On every answer, errors and redirects included.
  app.use(securityHeaders(deps.answers.securityHeaders));
  if (!config.indexing) app.use(noIndex);
  // Only GET and HEAD without a body go further (405, 413).
  app.use(refuseBodies);

  // Health before the rest: probes must be answered plainly, over plain HTTP.
  app.use(healthRoutes(deps.readiness));

  app.use(rejectMalformedUrls);
  if (config.forceHttps) app.use(redirectToHttps(config.site.siteUrl, trust));

  // Files and pages at their exact paths; then every other path.
  app.use(preparedAnswers(deps.answers));
  app.use(missingAssets);
  app.use(canonicalPaths);
  // The one page rendered from what the request asks, whatever PAGE_CACHE says.
  app.use(searchPage(deps.answers.searchIndex, deps.answers.render, metrics?.streamedRender));
  if (config.pageCache) {
    // Paths React Router matches to a page without being its exact path, and the not-found page.
    app.use(preparedPages(deps.answers));
  } else {
    // Rendered per request: the only answers compressed on the fly.
    app.use(streamPages(deps.answers.render, metrics?.streamedRender));
  }

  app.use(errorHandler(deps.logger));

  return { app, listener: answerPreparedFirst(deps.answers, app, { observe, forceHttps: config.forceHttps, trust, closing }) };
}

function requestIdAndObserve(observe: RequestObserver): RequestHandler {
  return (req, res, next) => {
    const id = requestIdOf(req);
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    observe(req, res, id, req.path);
    next();
  };
}

function preparedAnswers(table: AnswerTable): RequestHandler {
  return (req, res, next) => {
    const answer = table.byPath.get(req.path);
    if (answer) sendAnswer(req, res, answer, res.locals.requestId as string);
    else next();
  };
}

function preparedPages(table: AnswerTable): RequestHandler {
  return (req, res, next) => {
    const answer = table.pages.get(routeFor(req.path).id);
    // Every route is prepared at start-up; a route without its answer is a defect, answered 500.
    if (answer) sendAnswer(req, res, answer, res.locals.requestId as string);
    else next(new Error(`No prepared answer for ${req.path}`));
  };
}
