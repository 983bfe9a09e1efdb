// The site as supertest drives it: the real createSite over the real build
// output, with configuration from a test environment, its responses prepared
// as at start-up.
import type { RequestListener } from 'node:http';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createSite } from '../../server/app.js';
import type { Lifecycle } from '../../server/health.js';
import { addBrotliForms } from '../../server/prepared-site.js';
import { prepareSite } from '../../server/render-site.js';
import { loadConfig, type Config } from '../../server/config.js';
import { readManifest, type BuildManifest } from '../../server/manifest.js';

/** The build the tests read: dist/, or the folder BUILD_DIR names, as scripts/build.ts writes it. */
export const distDir = resolve(import.meta.dirname, '..', '..', process.env.BUILD_DIR || 'dist');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

export async function testSite(
  env: Record<string, string> = {},
  lifecycle: Lifecycle = { phase: 'ready' },
  manifest: BuildManifest = readManifest(distDir),
): Promise<RequestListener> {
  const config = testConfig(env);
  const prepared = await prepareSite(config, manifest, join(distDir, 'public'));
  // As a running server has them once it is ready.
  await addBrotliForms(prepared);
  return createSite(config, { prepared, logger: pino({ level: 'silent' }), lifecycle });
}

/** The site's request listener, as the server runs it, usable at once (requests wait for start-up to finish). */
export function testApp(env: Record<string, string> = {}, lifecycle: Lifecycle = { phase: 'ready' }): RequestListener {
  const site = testSite(env, lifecycle);
  return (req, res) => void site.then((listener) => listener(req, res));
}
