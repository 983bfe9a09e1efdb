// The site as supertest drives it: the real createSite over the real build
// output, with configuration from a test environment, its answers prepared as
// at start-up and finally compressed.
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import { pino } from 'pino';
import { createSite, type Site } from '../../server/app.js';
import { finishCompression, prepareAnswers } from '../../server/answer-table.js';
import { loadConfig, type Config } from '../../server/config.js';
import { readManifest, type BuildManifest } from '../../server/manifest.js';

export const distDir = join(import.meta.dirname, '..', '..', 'dist');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

export async function testSite(
  env: Record<string, string> = {},
  readiness = { ready: true },
  manifest: BuildManifest = readManifest(distDir),
): Promise<Site> {
  const config = testConfig(env);
  const answers = await prepareAnswers(config, manifest, join(distDir, 'public'));
  // As a running server has them a second after it listens.
  await finishCompression(answers);
  return createSite(config, { answers, logger: pino({ level: 'silent' }), readiness });
}

/** The site's request listener, as the server runs it, usable at once (requests wait for start-up to finish). */
export function testApp(env: Record<string, string> = {}, readiness = { ready: true }): RequestListener {
  const site = testSite(env, readiness);
  return (req, res) => void site.then(({ listener }) => listener(req, res));
}
