// Prometheus metrics on a port of their own (METRICS_PORT), never the public one. Labels are bounded whatever the
// internet requests: a route's id or a kind (`assets`, `static`, `health`, `not-found`), never the raw path.
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import parseurl from 'parseurl';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routes } from '../shared/routes.js';
import { isShuttingDown, type Lifecycle } from './health.js';
import type { Logger } from './logger.js';
import { sendPlain } from './plain-text.js';
import { routeFor } from './route-match.js';

// Not an import: server/start.ts says why.
const { createServer } = process.getBuiltinModule('node:http');

export interface Metrics {
  registry: Registry;
  middleware: RequestHandler;
  /** A page rendered per request (/search): a page-cache miss. */
  streamedRender: (seconds: number) => void;
}

export interface MetricsSources {
  /** Every path a prepared response is served at (server/prepared-site.ts's byPath). */
  exactPaths: Iterable<string>;
  renderSeconds: readonly number[];
  lifecycle: Lifecycle;
}

// Prepared responses take well under a millisecond, renders tens of them; 0.25 s alerts (deploy/kubernetes/prometheus-rule.yaml).
export const requestBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const renderBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface RouteLabel {
  route: string;
  /** Whether the route is a page (prepared, or rendered for the request). */
  page: boolean;
}

const health: RouteLabel = { route: 'health', page: false };
const assets: RouteLabel = { route: 'assets', page: false };
const healthPaths = new Set(['/livez', '/readyz']);

function exactLabels(exactPaths: Iterable<string>): Map<string, RouteLabel> {
  const labels = new Map<string, RouteLabel>();
  for (const path of exactPaths) labels.set(path, path.startsWith('/assets/') ? assets : { route: 'static', page: false });
  for (const route of routes) if (route.status === 200) labels.set(route.path, { route: route.id, page: true });
  return labels;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const labels = exactLabels(sources.exactPaths);
  const perRequest = new Set<string>(routes.filter((route) => route.perRequest).map((route) => route.id));
  // One label object per route, made once: the hot path allocates none.
  const pageLabels = new Map(routes.map((route) => [route.id, { route: route.id, page: true }]));
  const labelOf = (path: string): RouteLabel => {
    const exact = labels.get(path);
    if (exact) return exact;
    if (healthPaths.has(path)) return health;
    if (path.startsWith('/assets/')) return assets;
    // A page's other spellings (trailing slashes) get its id through React Router's matching; anything else `not-found`.
    const { id } = routeFor(path);
    return pageLabels.get(id) ?? { route: id, page: true };
  };

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the application to its response being sent, by method, route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: requestBuckets,
    registers: [registry],
  });
  const renderDuration = new Histogram({
    name: 'page_render_duration_seconds',
    help: 'Time to render a page: "prepared" into the page cache at start-up, "streamed" per request into the response.',
    labelNames: ['mode'] as const,
    buckets: renderBuckets,
    registers: [registry],
  });
  // The hot path keeps plain numbers; the counter and gauges read them when scraped.
  let hits = 0;
  let misses = 0;
  let inFlight = 0;
  const pageCache = new Counter({
    name: 'page_cache_requests_total',
    help: 'Pages served as prepared by the build or at start-up (hit) or rendered for the request (miss: /search).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
      hits = 0;
      misses = 0;
    },
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being handled now.',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  new Gauge({
    name: 'http_server_ready',
    help: '1 while /readyz answers 200; 0 before the server listens and from the moment shutdown begins.',
    registers: [registry],
    collect() {
      this.set(sources.lifecycle.phase === 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'http_server_shutting_down',
    help: '1 from SIGTERM until the process exits (the drain: docs/operations.md).',
    registers: [registry],
    collect() {
      this.set(isShuttingDown(sources.lifecycle) ? 1 : 0);
    },
  });
  pageCache.inc({ result: 'hit' }, 0);
  pageCache.inc({ result: 'miss' }, 0);

  for (const seconds of sources.renderSeconds) renderDuration.observe({ mode: 'prepared' }, seconds);

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.path;
    inFlight++;
    res.once('close', () => {
      inFlight--;
      const status = res.statusCode;
      const { route, page } = labelOf(path);
      // A page's response (200, 304, or the not-found page's 404) is prepared; /search counts its renders as misses.
      if (page && !perRequest.has(route) && (status === 200 || status === 304 || status === 404)) hits++;
      requestDuration.observe({ method: req.method, route, status_code: status }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  return {
    registry,
    middleware,
    streamedRender(seconds) {
      misses++;
      renderDuration.observe({ mode: 'streamed' }, seconds);
    },
  };
}

export function collectProcessMetrics(metrics: Metrics): void {
  collectDefaultMetrics({ register: metrics.registry });
}

// Prometheus (a pair, for high availability) and a person with curl. Past it a connection is closed at once, so the
// listener never takes the file descriptors the public one needs (server/file-limit.ts checks the limit holds both).
export const METRICS_MAX_CONNECTIONS = 8;

// Prometheus scrapes every few seconds, a person a few times in a row. A scrape past the burst gets the last text
// rendered, so a flood of scrapes costs two renderings a second, not one each (each reads and formats every series).
const RENDER_BURST = 30;
const RENDERS_PER_SECOND = 2;

/** GET or HEAD /metrics and nothing else, with bounds far below the public listener's: a scrape is one small request. */
export function metricsServer(metrics: Metrics, logger: Logger): Server {
  let last: Promise<Buffer> | undefined;
  let renders = RENDER_BURST;
  let since = performance.now();
  const render = (): Promise<Buffer> => {
    const now = performance.now();
    renders = Math.min(RENDER_BURST, renders + ((now - since) / 1000) * RENDERS_PER_SECOND);
    since = now;
    if (last && renders < 1) return last;
    renders--;
    const body = metrics.registry.metrics().then((text) => Buffer.from(text));
    // A failed rendering is not kept: the next scrape renders again.
    body.catch(() => (last = undefined));
    last = body;
    return body;
  };
  const server = createServer(
    { headersTimeout: 2_000, requestTimeout: 3_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 500 },
    (req, res) => {
      // No Express here: its req.path, read as Express reads it.
      if (parseurl(req)?.pathname !== '/metrics') return sendPlain(res, 404);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendPlain(res, 405, undefined, { Allow: 'GET, HEAD' });
      render().then(
        (body) => {
          res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store', 'Content-Length': body.length });
          // Node sends no body in response to HEAD.
          res.end(body);
        },
        () => sendPlain(res, 500),
      );
    },
  );
  server.maxConnections = METRICS_MAX_CONNECTIONS;
  const refused = new Counter({
    name: 'metrics_connections_refused_total',
    help: 'Connections to the metrics listener closed at once because it held as many as it takes.',
    registers: [metrics.registry],
  });
  summariseDrops(server, logger, 'metrics', () => refused.inc());
  return server;
}

/** Connections dropped past maxConnections: one `warn` line a second at most with their number, so a flood fills no disk. */
export function summariseDrops(server: Server, logger: Logger, listener: string, count: () => void = () => undefined): void {
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  server.on('drop', () => {
    count();
    dropped++;
    timer ??= setTimeout(() => {
      timer = undefined;
      logger.warn({ listener, dropped, seconds: 1 }, 'connections refused: the listener holds as many as it takes');
      dropped = 0;
    }, 1_000).unref();
  });
}
