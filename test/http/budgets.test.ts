// Size budgets as a test: it fails, printing the sizes, when the JavaScript a
// page runs before its visitor acts, an island's module, a chunk the islands
// share, the stylesheet, or what a page's first paint needs outgrows its budget.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { budgets, decodedPrefix, fileGzipBytes, firstPaintEnd, javaScriptBeforeActing } from '../../scripts/budgets.js';
import { FIRST_PAINT_STYLES, readManifest } from '../../server/manifest.js';
import { islandNames } from '../../shared/island.js';
import { routes } from '../../shared/routes.js';
import { distDir, testSite } from '../support/app.js';
import { shippedConfigurations } from '../support/configurations.js';
import { headerLines, rawRequest } from '../support/raw-http.js';
import { listenOnLoopback } from '../support/loopback.js';

const manifest = readManifest(distDir);
const publicDir = join(distDir, 'public');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pathOf = (route: (typeof routes)[number]) => (route.status === 404 ? '/no-such-page' : route.path);

/** The most headers a page carries: what the Kubernetes manifests run once marketing sets a tag manager. */
const withAnalytics = {
  name: 'behind the load balancer, with analytics',
  env: { FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: 'https://www.hosting.example.org', GTM_ID: 'GTM-T3ST123' },
  headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' } as Record<string, string>,
};

/** A chunked body's data, and where a byte of it is on the wire (after the chunks' size lines before it). */
function unchunked(wire: Buffer): { body: Buffer; wireOffset: (offset: number) => number } {
  const pieces: { wireStart: number; dataStart: number; size: number }[] = [];
  let at = 0;
  let dataStart = 0;
  for (;;) {
    const lineEnd = wire.indexOf('\r\n', at);
    const size = parseInt(wire.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    pieces.push({ wireStart: lineEnd + 2, dataStart, size });
    dataStart += size;
    at = lineEnd + 2 + size + 2;
  }
  return {
    body: Buffer.concat(pieces.map((piece) => wire.subarray(piece.wireStart, piece.wireStart + piece.size))),
    wireOffset: (offset) => {
      const piece = pieces.findLast((candidate) => candidate.dataStart <= offset) ?? pieces[0]!;
      return piece.wireStart + (offset - piece.dataStart);
    },
  };
}

const noHeaders: Record<string, string> = {};

describe('size budgets', () => {
  it.each([
    { name: 'defaults', env: {}, headers: noHeaders, budget: budgets.beforeActingGzip },
    { ...withAnalytics, budget: budgets.beforeActingWithConsentGzip },
  ])(`before a visitor acts, every page runs at most its budget of JavaScript (gzip): $name`, async ({ env, headers, budget }) => {
    const app = await testSite(env);
    const sizes: Record<string, number> = {};
    for (const route of routes) {
      const response = await request(app).get(pathOf(route)).set(headers).set('Host', 'www.example.com');
      const { gzipBytes } = javaScriptBeforeActing(response.text, publicDir);
      sizes[pathOf(route)] = gzipBytes;
      // No React before a visitor acts: no page upgrades a React island at its first paint.
      expect(response.text, pathOf(route)).not.toMatch(/data-upgrade="paint"[^>]*data-island="(?!consent")/);
    }
    console.info(`JavaScript before acting (gzip, ${kb(budget)} budget): ${JSON.stringify(sizes)}`);
    for (const [path, bytes] of Object.entries(sizes)) expect(bytes, path).toBeLessThanOrEqual(budget);
  });

  it(`each island's own module is at most ${kb(budgets.islandGzip)}, and each chunk the islands share at most ${kb(budgets.sharedChunkGzip)} (gzip)`, () => {
    const own = Object.fromEntries(islandNames.map((name) => [name, fileGzipBytes(publicDir, manifest.islands[name][0]!)]));
    const shared = [...new Set(islandNames.flatMap((name) => manifest.islands[name].slice(1)))];
    const chunks = Object.fromEntries(shared.map((url) => [url, fileGzipBytes(publicDir, url)]));
    console.info(`island modules (gzip): ${JSON.stringify(own)}; shared chunks: ${JSON.stringify(chunks)}`);
    for (const [name, bytes] of Object.entries(own)) expect(bytes, name).toBeLessThanOrEqual(budgets.islandGzip);
    for (const [url, bytes] of Object.entries(chunks)) expect(bytes, url).toBeLessThanOrEqual(budgets.sharedChunkGzip);
    // The illustrations and the consent bar are plain DOM code: they never bring React.
    for (const name of ['animation', 'consent'] as const) {
      for (const url of manifest.islands[name]) expect(fileGzipBytes(publicDir, url), `${name}: ${url}`).toBeLessThan(budgets.islandGzip);
    }
  });

  it('every page links the whole stylesheet where its first paint ends, after its inlined first-paint styles', async () => {
    const app = await testSite({});
    for (const route of routes) {
      const html = (await request(app).get(pathOf(route)).set('Host', 'www.example.com')).text;
      const link = html.indexOf(`<link rel="stylesheet" href="${manifest.stylesheet}"/>`);
      const end = firstPaintEnd(html);
      expect(link, `${pathOf(route)} links the whole stylesheet: <EndOfFirstPaint /> after its first section`).toBeGreaterThan(0);
      expect(html.indexOf('<link rel="stylesheet"'), pathOf(route)).toBe(link);
      // Right after the first section, the start-up script then the link; on a page with no section after its heading
      // (not found), within <main>.
      const script = html.lastIndexOf('<script type="module" async="">', link);
      expect(html.indexOf('</script>', script) + '</script>'.length, `${pathOf(route)}: the start-up script right before the link`).toBe(
        link,
      );
      const sectionAfterHeading = html.includes('<section', html.indexOf('</h1>'));
      expect(sectionAfterHeading ? script === end : script > html.indexOf('</h1>') && link < end, pathOf(route)).toBe(true);
      expect(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1], pathOf(route)).toBe(readFileSync(join(distDir, FIRST_PAINT_STYLES), 'utf8'));
    }
  });

  it(`the stylesheet is at most ${kb(budgets.cssGzip)} (gzip)`, () => {
    const bytes = fileGzipBytes(publicDir, manifest.stylesheet);
    console.info(`stylesheet: ${kb(bytes)} gzip`);
    expect(bytes).toBeLessThanOrEqual(budgets.cssGzip);
  });

  it.each([...shippedConfigurations, withAnalytics])(
    `the first ${budgets.firstRoundTrip} bytes of every page's response (status line, headers, Brotli body) hold all its first paint needs: $name`,
    async ({ env, headers }) => {
      // The requests below close their side once sent, which the site's own server
      // answers (test/http/half-close.test.ts); a bare Node server must be told to wait
      // for the responses rendered per request (/search), through a property Node reads.
      const server = createServer(await testSite(env));
      Object.assign(server, { httpAllowHalfOpen: true });
      const port = await listenOnLoopback(server);
      const needed: Record<string, number> = {};
      try {
        for (const route of routes) {
          const path = pathOf(route);
          const head = headerLines({ Host: 'www.example.com', 'Accept-Encoding': 'br', Connection: 'close', ...headers });
          const response = await rawRequest(port, `GET ${path} HTTP/1.1\r\n${head}\r\n`);
          expect(response.head, path).toContain('Content-Encoding: br');
          // As sent on the wire: the head, the blank line, the body (read as latin1, a byte per character).
          const headBytes = response.head.length + 4;
          const { body, wireOffset } = /^Transfer-Encoding: chunked$/im.test(response.head)
            ? unchunked(Buffer.from(response.body, 'latin1'))
            : { body: Buffer.from(response.body, 'latin1'), wireOffset: (offset: number) => offset };
          const whole = decodedPrefix(body, body.length);
          const end = firstPaintEnd(whole);
          expect(end, `${path} has a heading and what follows it`).toBeGreaterThan(0);
          // The fewest bytes of the body that decode to all of it.
          let low = 0;
          let high = body.length;
          while (low < high) {
            const middle = Math.floor((low + high) / 2);
            if (decodedPrefix(body, middle).length >= end) high = middle;
            else low = middle + 1;
          }
          needed[path] = headBytes + wireOffset(low);
        }
      } finally {
        server.close();
      }
      console.info(`bytes a first paint needs: ${JSON.stringify(needed)}`);
      for (const [path, bytes] of Object.entries(needed)) expect(bytes, path).toBeLessThanOrEqual(budgets.firstRoundTrip);
    },
  );
});
