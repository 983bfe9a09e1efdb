// The site as a process runs it: configuration from the environment, its logger, exit on a crash, the drain on SIGTERM
// and the ready line. server/index.ts calls it with the process's own environment; tests call it in-process.
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { exitOnCrash, exitWithFatal, handleShutdown } from './shutdown.js';
import { startSite, StartupError, type RunningSite } from './start.js';

export interface ProcessOptions {
  /** The variables to read (config.ts reads the process's own unless given). */
  env?: NodeJS.ProcessEnv;
  stderr?: { write(text: string): unknown };
  loggerFor?: (config: Config) => Logger;
}

/** Starts the site from the build in distDir; startedAt (process.hrtime.bigint()) is when the process began, for the ready line's startupMs. */
export async function serve(
  distDir: string,
  startedAt: bigint,
  { env, stderr = process.stderr, loggerFor = createLogger }: ProcessOptions = {},
): Promise<RunningSite> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = loggerFor(config);
  exitOnCrash(logger);

  // A signal while starting (about a second): the site has not said it is ready, so no load balancer sends it
  // visitors, and there is nothing to drain. It stops at once, saying so, rather than dying without a line.
  const stopWhileStarting = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopped during start-up');
    logger.flush(() => process.exit(0));
  };
  process.once('SIGTERM', stopWhileStarting);
  process.once('SIGINT', stopWhileStarting);
  const site = await startSite(config, logger, distDir).catch((error: unknown) =>
    error instanceof StartupError ? exitWithFatal(logger, error.cause, error.message) : exitWithFatal(logger, error, 'could not start'),
  );
  process.off('SIGTERM', stopWhileStarting);
  process.off('SIGINT', stopWhileStarting);
  // The drain is in place before the ready line: an orchestrator may send SIGTERM the moment it reads it, and a signal
  // with no handler yet kills the process, cutting off what is in flight.
  site.server.on('error', (error) => void exitWithFatal(logger, error, 'could not listen'));
  handleShutdown(site.server, site.lifecycle, logger, {
    announceMs: config.shutdownDelayMs,
    timeoutMs: config.shutdownTimeoutMs,
  });

  const startupMs = Math.round(Number(process.hrtime.bigint() - startedAt) / 1e6);
  logger.info(
    {
      port: site.port,
      host: config.host,
      metricsPort: site.metricsPort,
      maxConnections: config.maxConnections,
      pagesPreparedBy: site.preparedBy,
      startupMs,
    },
    `ready on http://${config.host}:${site.port}`,
  );
  logger.flush();
  return site;
}
