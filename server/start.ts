// The running site: every response prepared, both listeners up, readiness on. Apart from what only a process has
// (server/serve.ts: the environment, signals, exit codes), so that tests can start it in-process.
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Config } from './config.js';
import { createSite } from './app.js';
import { addBrotliForms, type PreparedSite } from './prepared-site.js';
import { readPreparedSite } from './prepared-at-build.js';
import type { Logger } from './logger.js';
import { readManifest, type BuildManifest } from './manifest.js';
import type { Lifecycle } from './health.js';
import { answerParserRefusals, requestEvents } from './parser-refusals.js';
import { limitPipelining } from './pipelining.js';
import { securityHeaderLines } from './security.js';
import { collectProcessMetrics, createMetrics, metricsServer, summariseDrops } from './metrics.js';
import { fileLimitProblem } from './file-limit.js';

// Not an import: an ES import of node:http also loads its fetch exports (undici), slowing start-up (docs/performance.md).
const { createServer } = process.getBuiltinModule('node:http');

export interface RunningSite {
  server: Server;
  /** Read by /readyz and the metrics; the drain (server/shutdown.ts) moves it on. */
  lifecycle: Lifecycle;
  /** The ports listened on (the configured ones, or those the system chose for 0). */
  port: number;
  metricsPort?: number;
  metricsServer?: Server;
  /** Whether the pages came ready from the build (its configuration is this one) or were prepared at this start. */
  preparedBy: PreparedSite['preparedBy'];
}

/** A start-up step that failed: its message says which, its cause why. */
export class StartupError extends Error {}

/** An error before listening is the start-up's failure; once listening, a later error is no longer one. */
function listen(
  server: Server,
  { port, host, backlog }: { port: number; host: string; backlog?: number },
  failure: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (cause: Error) => reject(new StartupError(failure, { cause }));
    server.once('error', fail);
    server.listen({ port, host, backlog }, () => {
      server.off('error', fail);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Starts the site from the build in distDir (its manifest read from there unless given). */
export async function startSite(config: Config, logger: Logger, distDir: string, manifest?: BuildManifest): Promise<RunningSite> {
  // Before anything else: a limit that cannot hold both listeners' connections fails here, not under a flood.
  const fileProblem = fileLimitProblem(config);
  if (fileProblem) throw new StartupError(fileProblem);
  const lifecycle: Lifecycle = { phase: 'starting' };
  // Every page renders before the server listens, at build for the build's configuration or here for another: one that
  // cannot stops the build or the start-up (and the rollout), not a visitor.
  const prepared = await Promise.resolve()
    .then(async () => {
      const built = manifest ?? readManifest(distDir);
      // The renderer's start-up module is imported only when the build's pages do not serve this configuration.
      const fromBuild = await readPreparedSite(config, built, distDir);
      return fromBuild ?? (await import('./render-site.js')).prepareSite(config, built, join(distDir, 'public'));
    })
    .catch((cause: unknown) => {
      throw new StartupError('could not prepare the pages', { cause });
    });
  const server = createServer({
    // headersTimeout alone lets bytes trickled inside one header line last until requestTimeout; the site takes no
    // bodies, so the whole request gets 10 s. Node checks both only every connectionsCheckingInterval (30 s unless set).
    headersTimeout: 10_000,
    requestTimeout: 10_000,
    connectionsCheckingInterval: 1_000,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Larger request heads are answered 431 by Node itself.
    maxHeaderSize: 16_384,
  });
  // Each connection costs memory while Node parses what it sends: the cap bounds the process's memory (docs/operations.md).
  server.maxConnections = config.maxConnections;
  summariseDrops(server, logger, 'public');
  const metrics =
    config.metricsPort === 0
      ? undefined
      : createMetrics({ exactPaths: prepared.byPath.keys(), renderSeconds: prepared.renderSeconds, lifecycle });
  if (metrics) collectProcessMetrics(metrics);
  const site = limitPipelining(createSite(config, { prepared, logger, lifecycle, metrics }));
  for (const event of requestEvents) server.on(event, site);
  answerParserRefusals(
    server,
    logger,
    securityHeaderLines({ site: config.site, hstsPreload: config.hstsPreload, inline: prepared.inline }),
  );

  // The metrics port first: a port already taken stops the start-up before the site is announced ready.
  const metricsListener = metrics && metricsServer(metrics, logger);
  const metricsPort =
    metricsListener &&
    (await listen(
      metricsListener,
      { port: config.metricsPort, host: config.metricsHost },
      `could not listen for metrics on METRICS_HOST ${config.metricsHost}, METRICS_PORT ${config.metricsPort}`,
    ));
  const port = await listen(
    server,
    // The accept queue is MAX_CONNECTIONS long, not Node's 511: each queued connection is parsing owed before a newer
    // one, a health probe's included (docs/operations.md, "Memory and connections").
    { port: config.port, host: config.host, backlog: config.maxConnections },
    `could not listen on HOST ${config.host}, PORT ${config.port}`,
  ).catch((error: unknown) => {
    metricsListener?.close();
    throw error;
  });
  // Ready (and announced) once every body made at start-up has its one Brotli form for the release.
  await addBrotliForms(prepared).catch((cause: unknown) => {
    server.close();
    metricsListener?.close();
    throw new StartupError('could not compress the pages', { cause });
  });
  lifecycle.phase = 'ready';
  return { server, lifecycle, port, metricsPort, metricsServer: metricsListener, preparedBy: prepared.preparedBy };
}
