// The production start, as the Dockerfile runs it: it becomes ready, serves
// pages, writes nothing to stderr, and stops cleanly; a bad configuration
// stops it before it listens, naming the variable.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../support/app.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

describe('production start', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prints one JSON line when ready, with its start-up time', () => {
    const lines = server.stdout().trim().split('\n');
    expect(lines).toHaveLength(1);
    const ready = JSON.parse(lines[0]!);
    expect(ready.level).toBe('info');
    expect(ready.msg).toBe(`ready on http://127.0.0.1:${server.port}`);
    expect(typeof ready.startupMs).toBe('number');
    // The image's configuration is the build's: its pages come ready from the build (server/prepared-at-build.ts).
    expect(ready.pagesPreparedBy).toBe('build');
  });

  it('serves pages and assets, and a 404 for unknown paths', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Cloud-Powered Excellence');
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
  });

  it('writes nothing to stderr and exits 0 on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stderr()).toBe('');
  });
});

describe('a configuration other than the build’s', () => {
  it('prepares the pages at start-up, with that configuration in them', async () => {
    const brand = 'Harbour Lights Hosting';
    const server = await startServer({ BRAND_NAME: brand });
    try {
      expect(JSON.parse(server.stdout().trim().split('\n')[0]!).pagesPreparedBy).toBe('start-up');
      expect(await (await fetch(`${server.url}/`)).text()).toContain(brand);
    } finally {
      await server.stop();
    }
  });
});

describe('a bad configuration', () => {
  it('stops start-up with exit code 1 and a message naming the variable and the rule', () => {
    const result = spawnSync(process.execPath, [join(distDir, 'server', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port', SITE_URL: 'nope' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a port number, in digits only');
    expect(result.stderr).toContain('SITE_URL: must be an absolute http(s) URL');
    expect(result.stdout).toBe('');
  });
});

describe('the built server in development', () => {
  it('logs readable lines through pino-pretty (pino is bundled; pino-pretty, a development dependency, is not)', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(distDir, 'server', 'main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: '0',
        SHUTDOWN_DELAY: '0',
      },
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line:\n${out.slice(-500)}\n${err.slice(-500)}`)), 10_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += String(chunk);
        if (out.includes(`INFO: ready on http://127.0.0.1:${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).toBe('');
  });
});
