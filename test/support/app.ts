// The application as supertest drives it: the real createApp over the real
// build output, with configuration from a test environment.
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { readManifest } from '../../server/manifest.js';

export const distDir = join(import.meta.dirname, '..', '..', 'dist');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

export function testApp(env: Record<string, string> = {}, readiness = { ready: true }) {
  const config = testConfig(env);
  return createApp(config, {
    manifest: readManifest(distDir),
    publicDir: join(distDir, 'public'),
    logger: pino({ level: 'silent' }),
    readiness,
  });
}
