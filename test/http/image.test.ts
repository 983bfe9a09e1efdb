// The container image's contents, run as the image runs them: the Dockerfile's
// final stage holds package.json, the production dependencies (npm ci
// --omit=dev --ignore-scripts from the lock file) and dist/, and starts
// `node dist/server/main.js`. The same file set is made in a folder outside
// the repository (so nothing resolves from its node_modules) and smoke-tested:
// anything needed at run time that lives in devDependencies fails here.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../server/manifest.js';
import { distDir } from '../support/app.js';
import { dockerfile, finalStage, imageEnv } from '../support/image.js';
import { startServer, type RunningServer } from '../support/server.js';

const root = join(import.meta.dirname, '..', '..');

describe('the image’s file set', () => {
  let folder: string;
  let server: RunningServer;
  /** The compile cache's files and their times, as the build left them, before the copy first started. */
  let cacheAsBuilt: string[];
  const cacheFiles = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${join(entry.parentPath, entry.name).slice(dir.length)} ${statSync(join(entry.parentPath, entry.name)).mtimeMs}`)
      .sort();

  it('is what the Dockerfile’s final stage copies, and runs what its CMD says', () => {
    const copied = [...finalStage.matchAll(/^COPY (?:--from=(\S+) )?(?:--chown=\S+ )?(\S+) (\S+)$/gm)].map(
      ([, from, source]) => `${from ?? 'context'}:${source}`,
    );
    expect(copied).toEqual(['context:package.json', 'production-deps:/app/node_modules', 'build:/app/dist']);
    expect(dockerfile).toMatch(
      /FROM node:\d+-slim AS production-deps\nWORKDIR \/app\nCOPY package.json package-lock.json \.\/\nRUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts\n/,
    );
    expect(finalStage).toContain('CMD ["node", "dist/server/main.js"]');
    // Run below with the same variables: production mode, glibc's two malloc arenas, V8's heap cap and small young generation.
    expect(imageEnv).toEqual({
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      NODE_OPTIONS: '--max-old-space-size=320 --max-semi-space-size=8',
    });
  });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'image-'));
    cpSync(join(root, 'package.json'), join(folder, 'package.json'));
    cpSync(join(root, 'package-lock.json'), join(folder, 'package-lock.json'));
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: folder,
      stdio: 'ignore',
      timeout: 240_000,
    });
    rmSync(join(folder, 'package-lock.json'));
    cpSync(distDir, join(folder, 'dist'), { recursive: true, preserveTimestamps: true });
    cacheAsBuilt = cacheFiles(join(folder, 'dist', 'compile-cache'));
    server = await startServer(imageEnv, { cwd: folder, command: ['dist/server/main.js'] });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('starts from the compiled code the build made, moved to another folder: every entry of the cache is used, none written again', () => {
    expect(cacheAsBuilt.length).toBeGreaterThan(0);
    expect(cacheFiles(join(folder, 'dist', 'compile-cache'))).toEqual(cacheAsBuilt);
  });

  it('holds no development dependency', () => {
    const installed = execFileSync('npm', ['ls', '--omit=dev', '--depth=0', '--json'], { cwd: folder, encoding: 'utf8' });
    const names = Object.keys((JSON.parse(installed) as { dependencies?: Record<string, unknown> }).dependencies ?? {});
    const { devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(names.filter((name) => name in devDependencies)).toEqual([]);
  });

  it('serves pages, assets, drawn images, the sitemap and a 404, and stops cleanly', async () => {
    const manifest = readManifest(distDir);
    for (const [path, status, type] of [
      ['/', 200, 'text/html; charset=utf-8'],
      ['/services/shared-hosting', 200, 'text/html; charset=utf-8'],
      [manifest.islands.header[0]!, 200, 'text/javascript; charset=utf-8'],
      ['/og-image.png', 200, 'image/png'],
      ['/sitemap.xml', 200, 'application/xml; charset=utf-8'],
      ['/no-such-page', 404, 'text/html; charset=utf-8'],
      ['/livez', 200, 'text/plain; charset=utf-8'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(0);
    }
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stderr()).toBe('');
  });
});
