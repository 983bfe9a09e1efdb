// Size budgets as a test: it fails, printing the sizes, when the JavaScript a
// page loads, the stylesheet or a page's first response grows past its budget.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets, cssGzipBytes, loadJavaScript } from '../../scripts/budgets.js';
import { readManifest } from '../../server/manifest.js';
import { routes } from '../../shared/routes.js';
import { distDir, testSite } from '../support/app.js';
import { shippedConfigurations } from '../support/configurations.js';
import { headerLines, rawRequest } from '../support/raw-http.js';

const manifest = readManifest(distDir);
const publicDir = join(distDir, 'public');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('size budgets', () => {
  it(`every page loads at most ${kb(budgets.loadJsGzip)} of JavaScript (gzip)`, () => {
    // Every page loads the same entry; page-specific code (the Lottie player,
    // the search index) comes later, by dynamic import or fetch.
    const { files, gzipBytes } = loadJavaScript(publicDir, manifest.script);
    console.info(`load-time JavaScript: ${kb(gzipBytes)} gzip in ${files.length} files`);
    expect(files.some((file) => file.includes('lottie'))).toBe(false);
    expect(gzipBytes).toBeLessThanOrEqual(budgets.loadJsGzip);
  });

  it(`the stylesheet is at most ${kb(budgets.cssGzip)} (gzip)`, () => {
    const bytes = cssGzipBytes(publicDir, manifest.stylesheet);
    console.info(`stylesheet: ${kb(bytes)} gzip`);
    expect(bytes).toBeLessThanOrEqual(budgets.cssGzip);
  });

  const configurations = [
    ...shippedConfigurations,
    // What the Kubernetes manifests run once marketing sets a tag manager: the most headers a page carries.
    {
      name: 'behind the load balancer, with analytics',
      env: { FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: 'https://www.hosting.example.org', GTM_ID: 'GTM-T3ST123' },
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' },
    },
  ];

  it.each(configurations)(
    `every page's first response (status line, headers, Brotli body) is at most ${budgets.firstResponse} bytes: $name`,
    async ({ env, headers }) => {
      // The requests below close their side once sent, which the site's own server
      // answers (test/http/half-close.test.ts); a bare Node server must be told to wait
      // for the answers rendered per request (/search), through a property Node reads.
      const server = createServer(await testSite(env));
      Object.assign(server, { httpAllowHalfOpen: true });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const sizes: Record<string, number> = {};
      try {
        for (const route of routes) {
          const path = route.status === 404 ? '/no-such-page' : route.path;
          const head = headerLines({ Host: 'www.example.com', 'Accept-Encoding': 'br', Connection: 'close', ...headers });
          const response = await rawRequest(port, `GET ${path} HTTP/1.1\r\n${head}\r\n`);
          expect(response.head, path).toContain('Content-Encoding: br');
          // As sent on the wire: the head, the blank line, the body (read as latin1, a byte per character).
          sizes[path] = response.head.length + 4 + response.body.length;
        }
      } finally {
        server.close();
      }
      console.info(
        `first response, bytes: ${Object.entries(sizes)
          .map(([path, bytes]) => `${path} ${bytes}`)
          .join(', ')}`,
      );
      for (const [path, bytes] of Object.entries(sizes)) expect(bytes, path).toBeLessThanOrEqual(budgets.firstResponse);
    },
  );
});
