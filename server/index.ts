// Process entry: read the configuration, start listening, report readiness.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createApp } from './app.js';
import { createLogger } from './logger.js';
import { readManifest } from './manifest.js';

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
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readiness = { ready: false };
const app = createApp(config, {
  manifest: readManifest(distDir),
  publicDir: join(distDir, 'public'),
  logger,
  readiness,
});

const server = app.listen(config.port, config.host, () => {
  readiness.ready = true;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const startupMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  logger.info({ port, host: config.host, startupMs: Math.round(startupMs) }, `ready on http://${config.host}:${port}`);
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'could not listen');
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    readiness.ready = false;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
