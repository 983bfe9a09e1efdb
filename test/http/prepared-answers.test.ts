// Prepared answers: what is the same for every visitor is answered from the
// table made at start-up, before Express when the request is a plain read.
// That shortcut must be invisible: the same bytes, byte for byte, as the whole
// middleware chain sends; and the conditional-request rules must hold in both
// directions (a 304 only when the client really holds the current bytes).
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPreparedFirst } from '../../server/fast-path.js';
import { createSite, type Site } from '../../server/app.js';
import { finishCompression, prepareAnswers } from '../../server/answer-table.js';
import { testConfig, testSite, distDir } from '../support/app.js';
import { headerLines, rawRequest } from '../support/raw-http.js';
import { shippedConfigurations } from '../support/configurations.js';
import { readManifest } from '../../server/manifest.js';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { pino } from 'pino';

async function listen(listener: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

/** The whole response as sent, except the Date line (the clock moves between two requests). */
async function exchange(port: number, method: string, path: string, headers: Record<string, string>) {
  const head = headerLines({ Host: 'www.example.com', Connection: 'close', 'X-Request-Id': 'same-request', ...headers });
  const response = await rawRequest(port, `${method} ${path} HTTP/1.1\r\n${head}\r\n`);
  return { ...response, bytes: `${response.head.replace(/\r\nDate: [^\r]*/, '')}\r\n\r\n${response.body}` };
}

const encodings = ['identity', 'gzip', 'br'];
const etagOf = (head: string) => /\r\nETag: ([^\r]+)/i.exec(head)![1]!;

describe.each(shippedConfigurations)('prepared answers, $name', (configuration) => {
  let site: Site;
  let fast: { server: Server; port: number };
  let full: { server: Server; port: number };
  let paths: string[];

  beforeAll(async () => {
    site = await testSite(configuration.env);
    fast = await listen(site.listener);
    full = await listen(site.app);
    const answers = await prepareAnswers(testConfig(configuration.env), readManifest(distDir), join(distDir, 'public'));
    paths = [...answers.byPath.keys()];
  });
  afterAll(() => {
    fast.server.close();
    full.server.close();
  });

  it('are the same bytes before Express as through every middleware: every path, encoding, GET, HEAD and 304', async () => {
    expect(paths.length).toBeGreaterThan(20);
    // A page whose path React Router matches without it being the exact path, and an unknown one: Express alone.
    for (const path of [...paths, '/no-such-page', '/?utm_source=test']) {
      for (const encoding of encodings) {
        const headers = { ...configuration.headers, 'Accept-Encoding': encoding };
        for (const method of ['GET', 'HEAD']) {
          const [viaFast, viaFull] = await Promise.all([
            exchange(fast.port, method, path, headers),
            exchange(full.port, method, path, headers),
          ]);
          expect(viaFast.bytes, `${method} ${path} ${encoding}`).toBe(viaFull.bytes);
        }
        const first = await exchange(full.port, 'GET', path, headers);
        const etag = /\r\nETag: ([^\r]+)/i.exec(first.head)?.[1];
        // Pages rendered per request (PAGE_CACHE=false) carry no validator.
        if (!paths.includes(path) && !configuration.pageCache) continue;
        expect(etag, `${path} has an ETag`).toBeDefined();
        const conditional = { ...headers, 'If-None-Match': etag! };
        const [viaFast, viaFull] = await Promise.all([
          exchange(fast.port, 'GET', path, conditional),
          exchange(full.port, 'GET', path, conditional),
        ]);
        expect(viaFast.status, `${path} ${encoding} revalidated`).toBe(first.status === 200 ? 304 : first.status);
        expect(viaFast.bytes, `${path} ${encoding} revalidated`).toBe(viaFull.bytes);
      }
    }
  });

  it('answers the table without Express, and sends everything else to it', async () => {
    const reached: string[] = [];
    const config = testConfig(configuration.env);
    const answers = await prepareAnswers(config, readManifest(distDir), join(distDir, 'public'));
    const listener = answerPreparedFirst(answers, (req, res) => (reached.push(`${req.method} ${req.url}`), res.end()), {
      observe: () => undefined,
      forceHttps: config.forceHttps,
      trust: (_address, hop) => hop < config.trustProxy,
      closing: () => false,
    });
    const { server, port } = await listen(listener);
    const headers = configuration.headers;
    await exchange(port, 'GET', '/robots.txt', headers);
    await exchange(port, 'HEAD', '/robots.txt', headers);
    // A query string (a campaign tag) does not change the answer.
    await exchange(port, 'GET', '/robots.txt?utm_source=test', headers);
    await exchange(port, 'GET', '/no-such-page', headers);
    await exchange(port, 'POST', '/robots.txt', { ...headers, 'Content-Length': '0' });
    await exchange(port, 'GET', '/robots.txt', { ...headers, 'Content-Length': '3' });
    await exchange(port, 'GET', '/robots.txt/', headers);
    await exchange(port, 'GET', '/robots.txt', { ...headers, 'X-Forwarded-Proto': 'http' });
    server.close();
    const expected = ['GET /no-such-page', 'POST /robots.txt', 'GET /robots.txt', 'GET /robots.txt/'];
    // Plain HTTP behind the load balancer is redirected, by Express.
    if (config.forceHttps) expected.push('GET /robots.txt');
    expect(reached).toEqual(expected);
  });
});

describe('conditional requests', () => {
  let port: number;
  let server: Server;

  beforeAll(async () => {
    ({ server, port } = await listen((await testSite()).listener));
  });
  afterAll(() => server.close());

  it('answer 304 for the current ETag, alone, in a list, weak, or *', async () => {
    const { head } = await exchange(port, 'GET', '/about', {});
    const etag = etagOf(head);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await exchange(port, 'GET', '/about', { 'If-None-Match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.body, ifNoneMatch).toBe('');
      expect(res.head).toMatch(new RegExp(`\\r\\nETag: ${etag}`, 'i'));
    }
  });

  it('send the body for a foreign ETag, an older build’s, another page’s or encoding’s, and under Cache-Control: no-cache', async () => {
    const about = etagOf((await exchange(port, 'GET', '/about', {})).head);
    const terms = etagOf((await exchange(port, 'GET', '/terms', {})).head);
    const aboutBr = etagOf((await exchange(port, 'GET', '/about', { 'Accept-Encoding': 'br' })).head);
    const olderBuild = `"${'A'.repeat(27)}"`;
    for (const [ifNoneMatch, extra] of [
      ['"nope"', {}],
      [olderBuild, {}],
      [terms, {}],
      [aboutBr, {}],
      [about, { 'Cache-Control': 'no-cache' }],
    ] as const) {
      const res = await exchange(port, 'GET', '/about', { 'If-None-Match': ifNoneMatch, ...extra });
      expect(res.status, ifNoneMatch).toBe(200);
      expect(res.body.length, ifNoneMatch).toBeGreaterThan(1000);
    }
  });

  it('never answer a 404 with 304, nor a POST, whatever the client holds', async () => {
    const missing = await exchange(port, 'GET', '/no-such-page', {});
    expect(missing.status).toBe(404);
    for (const ifNoneMatch of [etagOf(missing.head), '*']) {
      const again = await exchange(port, 'GET', '/no-such-page', { 'If-None-Match': ifNoneMatch });
      expect(again.status).toBe(404);
      expect(again.body).toContain('<h1');
    }
    const post = await exchange(port, 'POST', '/about', { 'If-None-Match': '*', 'Content-Length': '0' });
    expect(post.status).toBe(405);
  });

  it('keep a 404 apart from every page: its own ETag and a shorter shared-cache life', async () => {
    const missing = await exchange(port, 'GET', '/no-such-page', {});
    const home = await exchange(port, 'GET', '/', {});
    expect(etagOf(missing.head)).not.toBe(etagOf(home.head));
    expect(missing.head).toMatch(/\r\nCache-Control: public, max-age=0, s-maxage=60\r\n/i);
  });
});

describe('Brotli, quick while starting and final once the server listens', () => {
  it('serves the quick form, then a smaller final one of the same page, each with its own validator', async () => {
    const config = testConfig();
    const answers = await prepareAnswers(config, readManifest(distDir), join(distDir, 'public'));
    const site = createSite(config, { answers, logger: pino({ level: 'silent' }), readiness: { ready: true } });
    const { server, port } = await listen(site.listener);
    try {
      const page = (headers: Record<string, string>) => exchange(port, 'GET', '/services/shared-hosting', headers);
      const bytes = (body: string) => Buffer.from(body, 'latin1');
      const identity = (await page({})).body;
      const quick = await page({ 'Accept-Encoding': 'br' });
      expect(brotliDecompressSync(bytes(quick.body)).toString('latin1')).toBe(identity);

      const done = await finishCompression(answers);
      expect(done.answers).toBeGreaterThan(12);
      expect(done.savedBytes).toBeGreaterThan(10_000);
      const final = await page({ 'Accept-Encoding': 'br' });
      expect(brotliDecompressSync(bytes(final.body)).toString('latin1')).toBe(identity);
      expect(final.body.length).toBeLessThan(quick.body.length - 500);
      expect(final.head).toContain(`\r\nContent-Length: ${final.body.length}\r\n`);
      expect(etagOf(final.head)).not.toBe(etagOf(quick.head));
      // A client holding the quick bytes gets the final ones; one holding the final ones is told they are current.
      expect((await page({ 'Accept-Encoding': 'br', 'If-None-Match': etagOf(quick.head) })).status).toBe(200);
      expect((await page({ 'Accept-Encoding': 'br', 'If-None-Match': etagOf(final.head) })).status).toBe(304);
      // Done once: nothing is left to compress again.
      expect(await finishCompression(answers)).toEqual({ answers: 0, savedBytes: 0 });
    } finally {
      server.close();
    }
  });
});
