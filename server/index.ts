// Process entry: read the configuration, start the site, log that it is
// ready, and drain on SIGTERM. A start-up that fails exits 1 with a fatal
// line saying which step failed.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { exitOnCrash, exitWithFatal, handleShutdown } from './shutdown.js';
import { startSite, StartupError } from './start.js';

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
const site = await startSite(config, logger, distDir).catch((error: unknown) =>
  error instanceof StartupError ? exitWithFatal(logger, error.cause, error.message) : exitWithFatal(logger, error, 'could not start'),
);
// The drain is in place before the server says it is ready: an orchestrator
// (or a test) may send SIGTERM the moment it reads that line, and a signal
// with no handler yet kills the process, cutting off what is in flight.
// (Seen in CI: under load the line reached the reader before the next
// statement installed the handler.)
// A listener error after start-up (none is expected) is as fatal as one before.
site.server.on('error', (error) => void exitWithFatal(logger, error, 'could not listen'));
handleShutdown(site.server, site.connections, site.readiness, site.drain, logger, {
  announceMs: config.shutdownDelayMs,
  timeoutMs: config.shutdownTimeoutMs,
});

const startupMs = Math.round(Number(process.hrtime.bigint() - startedAt) / 1e6);
logger.info(
  { port: site.port, host: config.host, metricsPort: site.metricsPort, startupMs },
  `ready on http://${config.host}:${site.port}`,
);
logger.flush();
