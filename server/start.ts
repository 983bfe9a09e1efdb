// The running site: every answer prepared, the public server (with the
// timeouts that cut off slow clients and the connection guard) and the metrics
// server listening, readiness on. Apart from the process entry (server/index.ts),
// which adds what only a process has (its configuration from the environment,
// signals, exit codes), so that tests can start it in-process.
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Config } from './config.js';
import { createSite } from './app.js';
import { finishCompression, prepareAnswers, type AnswerTable } from './answer-table.js';
import type { Logger } from './logger.js';
import { readManifest, type BuildManifest } from './manifest.js';
import type { Drain } from './shutdown.js';
import type { Readiness } from './health.js';
import { Connections } from './connections.js';
import { logClientErrors } from './access-log.js';
import { collectProcessMetrics, createMetrics, metricsServer } from './metrics.js';
import { createServer } from './node-http.js';

export interface RunningSite {
  server: Server;
  connections: Connections;
  readiness: Readiness;
  drain: Drain;
  /** The ports listened on (the configured ones, or those the system chose for 0). */
  port: number;
  metricsPort?: number;
  /** The metrics listener, when METRICS_PORT is not 0. */
  metricsServer?: Server;
}

/** A start-up step that failed: its message says which, its cause why. */
export class StartupError extends Error {}

/** Listens; an error before listening is the start-up's failure. (Its listener goes once listening: a later error is no longer one.) */
function listen(server: Server, port: number, host: string, failure: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (cause: Error) => reject(new StartupError(failure, { cause }));
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** The answers' final compression, off the start-up path; until it is done the quick forms serve, so a failure is logged, not fatal. */
function compressFully(answers: AnswerTable, logger: Logger): Promise<void> {
  const started = process.hrtime.bigint();
  return finishCompression(answers).then(
    ({ answers: count, savedBytes }) => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      logger.info({ answers: count, savedBytes, ms }, 'answers compressed at their final quality');
    },
    (error: unknown) => logger.error({ err: error }, 'could not compress the answers at their final quality; the quick forms stay'),
  );
}

/** Starts the site from the build in distDir (its manifest read from there unless given). */
export async function startSite(config: Config, logger: Logger, distDir: string, manifest?: BuildManifest): Promise<RunningSite> {
  const readiness = { ready: false };
  const drain = { stopping: false, closing: false };
  // Every page is rendered before the server listens: one that cannot render
  // stops the start-up (and so the rollout) here, not at a visitor.
  const answers = await Promise.resolve()
    .then(() => prepareAnswers(config, manifest ?? readManifest(distDir), join(distDir, 'public')))
    .catch((cause: unknown) => {
      throw new StartupError('could not prepare the pages', { cause });
    });
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
      : createMetrics({
          exactPaths: answers.byPath.keys(),
          renderSeconds: answers.renderSeconds,
          pageCache: config.pageCache,
          readiness,
          drain,
          requestsInFlight: () => connections.requestsInFlight(),
        });
  if (metrics) collectProcessMetrics(metrics);
  const site = createSite(config, { answers, logger, readiness, metrics, closingConnections: () => drain.closing });
  server.on('request', connections.guard(site.listener));
  logClientErrors(server, logger);

  // The metrics port first: a port already taken stops the start-up before the site is announced ready.
  const metricsListener = metrics && metricsServer(metrics);
  const metricsPort = metricsListener && (await listen(metricsListener, config.metricsPort, config.host, 'could not listen for metrics'));
  const port = await listen(server, config.port, config.host, 'could not listen').catch((error: unknown) => {
    metricsListener?.close();
    throw error;
  });
  readiness.ready = true;
  // Not awaited: the server answers with the quick forms meanwhile, and compressFully handles its own failure.
  void compressFully(answers, logger);
  return { server, connections, readiness, drain, port, metricsPort, metricsServer: metricsListener };
}
