// Prepared responses: what is the same for every visitor is served from
// memory, with the same headers every other response of the middleware chain
// carries, each encoding its own bytes and ETag; and the conditional-request
// rules hold in both directions (a 304 only when the client really holds the
// current bytes).
import { createServer, type RequestListener, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../server/app.js';
import { addBrotliForms, type PreparedSite } from '../../server/prepared-site.js';
import { readPreparedSite } from '../../server/prepared-at-build.js';
import { loadConfig } from '../../server/config.js';
import { createHash } from 'node:crypto';
import { prepareSite } from '../../server/render-site.js';
import type { Lifecycle } from '../../server/health.js';
import { testConfig, testSite, distDir } from '../support/app.js';
import { headerLines, openSocket, rawRequest, readUntilClose } from '../support/raw-http.js';
import { shippedConfigurations } from '../support/configurations.js';
import { readManifest } from '../../server/manifest.js';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { listenOnLoopback } from '../support/loopback.js';

async function listen(listener: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener);
  return { server, port: await listenOnLoopback(server) };
}

/** The whole response as sent, except the Date line (the clock moves between two requests). */
async function exchange(port: number, method: string, path: string, headers: Record<string, string>) {
  const head = headerLines({ Host: 'www.example.com', Connection: 'close', 'X-Request-Id': 'same-request', ...headers });
  const response = await rawRequest(port, `${method} ${path} HTTP/1.1\r\n${head}\r\n`);
  return { ...response, bytes: `${response.head.replace(/\r\nDate: [^\r]*/, '')}\r\n\r\n${response.body}` };
}

const encodings = ['identity', 'gzip', 'br'];
const etagOf = (head: string) => /\r\nETag: ([^\r]+)/i.exec(head)![1]!;

/** The header lines a response carries whatever it is (security headers, X-Robots-Tag), in order: not those of its representation or connection. */
const representationHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'content-type',
  'content-length',
  'transfer-encoding',
]);
const commonLines = (head: string) =>
  head
    .split('\r\n')
    .slice(1)
    .filter((line) => !representationHeaders.has(line.slice(0, line.indexOf(':')).toLowerCase()))
    .filter((line) => !/^(cache-control|etag|content-encoding|vary):/i.test(line));
const varies = (head: string) => /\r\nVary: [^\r]*X-Forwarded-Proto/i.test(head);

describe.each(shippedConfigurations)('prepared responses, $name', (configuration) => {
  let server: { server: Server; port: number };
  let paths: string[];

  beforeAll(async () => {
    server = await listen(await testSite(configuration.env));
    const answers = await prepareSite(testConfig(configuration.env), readManifest(distDir), join(distDir, 'public'));
    paths = [...answers.byPath.keys()];
  });
  afterAll(() => server.server.close());

  it('carry the headers every other response carries: every path, encoding, GET, HEAD and 304', async () => {
    expect(paths.length).toBeGreaterThan(20);
    // Responses made by other middleware: a missing asset (plain text) and a page React Router matches without it being its exact path.
    const throughExpress = await Promise.all(
      ['/assets/no-such-file.js', '/no-such-page'].map((path) => exchange(server.port, 'GET', path, configuration.headers)),
    );
    const [expected] = throughExpress.map(({ head }) => commonLines(head));
    expect(expected!.length).toBeGreaterThan(5);
    for (const { head } of throughExpress) expect(commonLines(head)).toEqual(expected);
    for (const path of paths) {
      for (const encoding of encodings) {
        const headers = { ...configuration.headers, 'Accept-Encoding': encoding };
        for (const method of ['GET', 'HEAD']) {
          const response = await exchange(server.port, method, path, headers);
          expect(response.status, `${method} ${path} ${encoding}`).toBe(200);
          expect(response.head, `${method} ${path} ${encoding}`).toMatch(/\r\nX-Request-Id: same-request\r\n/);
          expect(commonLines(response.head), `${method} ${path} ${encoding}`).toEqual(expected);
          expect(varies(response.head), `${method} ${path} ${encoding}`).toBe(varies(throughExpress[0]!.head));
        }
        const first = await exchange(server.port, 'GET', path, headers);
        const again = await exchange(server.port, 'GET', path, { ...headers, 'If-None-Match': etagOf(first.head) });
        expect(again.status, `${path} ${encoding} revalidated`).toBe(304);
        expect(again.body, `${path} ${encoding} revalidated`).toBe('');
        expect(commonLines(again.head), `${path} ${encoding} revalidated`).toEqual(expected);
      }
    }
  });

  it('serves a path the same whatever its query string, and for an absolute-form target (RFC 9112 §3.2.2)', async () => {
    const headers = { ...configuration.headers, 'Accept-Encoding': 'br' };
    const plain = await exchange(server.port, 'GET', '/robots.txt', headers);
    for (const target of ['/robots.txt?utm_source=test', 'http://www.example.com/robots.txt']) {
      const response = await exchange(server.port, 'GET', target, headers);
      expect(response.status, target).toBe(200);
      expect(etagOf(response.head), target).toBe(etagOf(plain.head));
      expect(response.body, target).toBe(plain.body);
    }
  });

  it('answers an HTTP/1.0 request without Host as one with it, then closes the connection', async () => {
    const headers = { ...configuration.headers, 'Accept-Encoding': 'br' };
    const withHost = await exchange(server.port, 'GET', '/robots.txt', headers);
    // rawRequest resolves once the server has closed the connection.
    const response = await rawRequest(server.port, `GET /robots.txt HTTP/1.0\r\n${headerLines(headers)}\r\n`);
    expect(response.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(response.head).not.toMatch(/\r\nConnection: keep-alive/i);
    expect(etagOf(response.head)).toBe(etagOf(withHost.head));
    expect(commonLines(response.head)).toEqual(commonLines(withHost.head));
    expect(response.body).toBe(withHost.body);
  });
});

describe('during the drain', () => {
  /** The status and the Connection header of one request on a connection of its own. */
  async function connection(port: number, path: string) {
    const socket = await openSocket(port);
    const response = readUntilClose(socket);
    // A kept-alive connection stays open: the server's close ends the read, or
    // this does once the head has come (however long a busy machine takes).
    let received = '';
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n\r\n')) socket.destroy();
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: www.example.com\r\n\r\n`);
    const { status, head } = await response;
    return { status, connection: /\r\nConnection: ([^\r]*)/i.exec(head)?.[1] };
  }
  const paths = ['/robots.txt', '/about', '/no-such-page', '/livez'];

  it('is not under way in a site created without one: every connection is kept alive', async () => {
    const { server, port } = await listen(await testSite());
    try {
      for (const path of paths) expect(await connection(port, path), path).toMatchObject({ connection: 'keep-alive' });
    } finally {
      server.close();
    }
  });

  it('every response, prepared or not, closes its connection', async () => {
    const lifecycle: Lifecycle = { phase: 'ready' };
    const config = testConfig();
    const prepared = await prepareSite(config, readManifest(distDir), join(distDir, 'public'));
    const site = createSite(config, {
      prepared,
      logger: pino({ level: 'silent' }),
      lifecycle,
    });
    const { server, port } = await listen(site);
    try {
      for (const path of paths) expect(await connection(port, path), path).toMatchObject({ connection: 'keep-alive' });
      lifecycle.phase = 'closing';
      for (const path of paths)
        expect(await connection(port, path), path).toEqual({ status: path === '/no-such-page' ? 404 : 200, connection: 'close' });
    } finally {
      server.close();
    }
  });
});

describe('conditional requests', () => {
  let port: number;
  let server: Server;

  beforeAll(async () => {
    ({ server, port } = await listen(await testSite()));
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

describe('compression of the bodies made at start-up', () => {
  it('gives each page one gzip form, then one Brotli form for the release: each decodes to the page and keeps its ETag', async () => {
    const config = testConfig();
    const prepared = await prepareSite(config, readManifest(distDir), join(distDir, 'public'));
    const site = createSite(config, { prepared, logger: pino({ level: 'silent' }), lifecycle: { phase: 'ready' } });
    const { server, port } = await listen(site);
    try {
      const page = (headers: Record<string, string>) => exchange(port, 'GET', '/services/shared-hosting', headers);
      const bytes = (body: string) => Buffer.from(body, 'latin1');
      const identity = (await page({})).body;
      // Before its Brotli form is made, a client that accepts both gets gzip.
      const gzipped = await page({ 'Accept-Encoding': 'gzip, br' });
      expect(gzipped.head).toMatch(/\r\nContent-Encoding: gzip\r\n/);
      expect(gunzipSync(bytes(gzipped.body)).toString('latin1')).toBe(identity);

      await addBrotliForms(prepared);
      const first = await page({ 'Accept-Encoding': 'gzip, br' });
      expect(first.head).toMatch(/\r\nContent-Encoding: br\r\n/);
      expect(brotliDecompressSync(bytes(first.body)).toString('latin1')).toBe(identity);
      expect(first.body.length).toBeLessThan(gzipped.body.length - 1000);
      expect(first.head).toContain(`\r\nContent-Length: ${first.body.length}\r\n`);
      expect(etagOf(first.head)).not.toBe(etagOf(gzipped.head));
      // Made once: the same bytes and validator on every later request.
      await addBrotliForms(prepared);
      const again = await page({ 'Accept-Encoding': 'br' });
      expect([etagOf(again.head), again.body]).toEqual([etagOf(first.head), first.body]);
      expect((await page({ 'Accept-Encoding': 'br', 'If-None-Match': etagOf(first.head) })).status).toBe(304);
      expect((await page({ 'Accept-Encoding': 'gzip', 'If-None-Match': etagOf(gzipped.head) })).status).toBe(304);
    } finally {
      server.close();
    }
  });

  it('compresses at the quickest levels in development (npm run dev starts it on every save), at the highest otherwise', async () => {
    const formsOf = async (env: Record<string, string>) => {
      const prepared = await prepareSite(testConfig(env), readManifest(distDir), join(distDir, 'public'));
      await addBrotliForms(prepared);
      const { identity, gzip, br } = prepared.byPath.get('/services/shared-hosting')!.representations;
      expect(gunzipSync(gzip!.body)).toEqual(identity.body);
      expect(brotliDecompressSync(br!.body)).toEqual(identity.body);
      return { gzip: gzip!.body.length, br: br!.body.length };
    };
    const [release, development] = [await formsOf({ NODE_ENV: 'production' }), await formsOf({ NODE_ENV: 'development' })];
    expect(await formsOf({})).toEqual(release);
    // Level 1 of either leaves a page more than a tenth larger.
    expect(development.gzip).toBeGreaterThan(release.gzip * 1.1);
    expect(development.br).toBeGreaterThan(release.br * 1.1);
  });
});

describe('the pages the build prepared', () => {
  /** Every response of a site by path and by route, each encoding's bytes and ETag. */
  const responsesOf = (site: PreparedSite) =>
    Object.fromEntries(
      [
        ...[...site.byPath].map(([path, response]) => [path, response] as const),
        ...[...site.pages].map(([route, response]) => [`route ${route}`, response] as const),
      ].map(([key, { representations, ...headers }]) => [
        key,
        {
          ...headers,
          representations: Object.fromEntries(
            Object.entries(representations).map(([encoding, { body, etag }]) => [
              encoding,
              { etag, sha: createHash('sha256').update(body).digest('hex') },
            ]),
          ),
        },
      ]),
    );

  it('are what a start with the build’s configuration (the image’s) would prepare itself: every path, page, encoding, body and ETag', async () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    const manifest = readManifest(distDir);
    const built = await readPreparedSite(config, manifest, distDir);
    expect(built?.preparedBy).toBe('build');
    const here = await prepareSite(config, manifest, join(distDir, 'public'));
    await addBrotliForms(here);
    expect(responsesOf(built!)).toEqual(responsesOf(here));
    expect(built!.searchIndex).toEqual(here.searchIndex);
    expect(built!.inline).toEqual(here.inline);
  });

  it('are not used for a configuration that reaches the pages differently: another brand, analytics, no indexing, development', async () => {
    const manifest = readManifest(distDir);
    for (const env of [
      { BRAND_NAME: 'Other Hosting' },
      { GTM_ID: 'GTM-ABC1234' },
      { SITE_INDEXING: 'false' },
      { NODE_ENV: 'development' },
    ]) {
      expect(await readPreparedSite(loadConfig({ NODE_ENV: 'production', ...env }), manifest, distDir)).toBeUndefined();
    }
    // Nor for another build's manifest.
    expect(
      await readPreparedSite(loadConfig({ NODE_ENV: 'production' }), { ...manifest, stylesheet: '/assets/other.css' }, distDir),
    ).toBeUndefined();
  });
});
