// Process entry: read the configuration, build the app, listen with timeouts
// that cut off slow clients, and drain on SIGTERM.
import { createServer } from './node-http.js';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createSite } from './app.js';
import { prepareAnswers } from './answer-table.js';
import { createLogger } from './logger.js';
import { readManifest } from './manifest.js';
import { exitOnCrash, exitWithFatal, handleShutdown } from './shutdown.js';
import { Connections } from './connections.js';
import { logClientErrors } from './access-log.js';
import { collectProcessMetrics, createMetrics, metricsServer } from './metrics.js';

const startedAt = process.hrtime.bigint();

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
exitOnCrash(logger);

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readiness = { ready: false };
const drain = { stopping: false, closing: false };
// Every page is rendered before the server listens: one that cannot render
// stops the start-up (and so the rollout) here, not at a visitor.
const answers = await Promise.resolve()
  .then(() => prepareAnswers(config, readManifest(distDir), join(distDir, 'public')))
  .catch((error: unknown) => exitWithFatal(logger, error, 'could not prepare the pages'));
const server = createServer({
  // A client trickling its request is cut off within 10 s. headersTimeout alone
  // does not do it: bytes trickled inside one header line last until
  // requestTimeout. The site takes no request bodies, so the whole request
  // gets 10 s. Node checks both only every connectionsCheckingInterval (30 s unless set).
  headersTimeout: 10_000,
  requestTimeout: 10_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: config.keepAliveTimeoutMs,
  // Larger request heads are answered 431 by Node itself.
  maxHeaderSize: 16_384,
});
const connections = new Connections(server, {
  maxConnections: config.maxConnections,
  // Browsers do not pipeline; a client that queues more than this is not reading.
  maxPipelined: 8,
  stallMs: 15_000,
});
const metrics =
  config.metricsPort === 0
    ? undefined
    : createMetrics({ answers, pageCache: config.pageCache, readiness, drain, requestsInFlight: () => connections.requestsInFlight() });
if (metrics) collectProcessMetrics(metrics);
const site = createSite(config, { answers, logger, readiness, metrics, closingConnections: () => drain.closing });
server.on('request', connections.guard(site.listener));
logClientErrors(server, logger);

const portOf = (listening: { address: Server['address'] }, fallback: number) => {
  const address = listening.address();
  return typeof address === 'object' && address ? address.port : fallback;
};

// The metrics port first: a port already taken stops the start-up before the site is announced ready.
let metricsPort: number | undefined;
if (metrics) {
  const metricsListener = metricsServer(metrics);
  await new Promise<void>((resolve) => {
    metricsListener.once('error', (error) => void exitWithFatal(logger, error, 'could not listen for metrics'));
    metricsListener.listen(config.metricsPort, config.host, resolve);
  });
  metricsPort = portOf(metricsListener, config.metricsPort);
}

server.listen(config.port, config.host, () => {
  readiness.ready = true;
  const port = portOf(server, config.port);
  const startupMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  logger.info({ port, host: config.host, metricsPort, startupMs: Math.round(startupMs) }, `ready on http://${config.host}:${port}`);
  logger.flush();
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'could not listen');
  logger.flush(() => process.exit(1));
});

handleShutdown(server, connections, readiness, drain, logger, { announceMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs });
