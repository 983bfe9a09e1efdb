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
import { headerLines, openSocket, rawRequest, readUntilClose } from '../support/raw-http.js';
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

/** The header lines an answer carries whatever it is (security headers, X-Robots-Tag), in order: not those of its representation or connection. */
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

describe.each(shippedConfigurations)('prepared answers, $name', (configuration) => {
  let site: Site;
  let server: { server: Server; port: number };
  let paths: string[];

  beforeAll(async () => {
    site = await testSite(configuration.env);
    server = await listen(site.listener);
    const answers = await prepareAnswers(testConfig(configuration.env), readManifest(distDir), join(distDir, 'public'));
    paths = [...answers.byPath.keys()];
  });
  afterAll(() => server.server.close());

  it('carry the headers the middleware gives every answer it makes: every path, encoding, GET, HEAD and 304', async () => {
    expect(paths.length).toBeGreaterThan(20);
    // Answers Express makes: a missing asset (plain text) and a page React Router matches without it being its exact path.
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
          const answer = await exchange(server.port, method, path, headers);
          expect(answer.status, `${method} ${path} ${encoding}`).toBe(200);
          expect(answer.head, `${method} ${path} ${encoding}`).toMatch(/\r\nX-Request-Id: same-request\r\n/);
          expect(commonLines(answer.head), `${method} ${path} ${encoding}`).toEqual(expected);
          expect(varies(answer.head), `${method} ${path} ${encoding}`).toBe(varies(throughExpress[0]!.head));
        }
        const first = await exchange(server.port, 'GET', path, headers);
        const again = await exchange(server.port, 'GET', path, { ...headers, 'If-None-Match': etagOf(first.head) });
        expect(again.status, `${path} ${encoding} revalidated`).toBe(304);
        expect(again.body, `${path} ${encoding} revalidated`).toBe('');
        expect(commonLines(again.head), `${path} ${encoding} revalidated`).toEqual(expected);
      }
    }
  });

  it('answers the table without Express, and sends everything else to it, with the request id and one observation each', async () => {
    const reached: string[] = [];
    const observed: string[] = [];
    const config = testConfig(configuration.env);
    const answers = await prepareAnswers(config, readManifest(distDir), join(distDir, 'public'));
    const listener = answerPreparedFirst(
      answers,
      (req, res) => {
        reached.push(`${req.method} ${req.url} ${String(res.getHeader('X-Request-Id'))}`);
        res.end();
      },
      {
        observe: (req, _res, requestId, path) => observed.push(`${req.method} ${path} ${requestId}`),
        forceHttps: config.forceHttps,
        trust: (_address, hop) => hop < config.trustProxy,
        closing: () => false,
      },
    );
    const { server, port } = await listen(listener);
    const headers = configuration.headers;
    const answered = [
      await exchange(port, 'GET', '/robots.txt', headers),
      await exchange(port, 'HEAD', '/robots.txt', headers),
      // A query string (a campaign tag) does not change the answer.
      await exchange(port, 'GET', '/robots.txt?utm_source=test', headers),
      // An absolute-form target names its path (RFC 9112 §3.2.2).
      await exchange(port, 'GET', 'http://www.example.com/robots.txt', headers),
    ];
    await exchange(port, 'GET', '/no-such-page', headers);
    await exchange(port, 'POST', '/robots.txt', { ...headers, 'Content-Length': '0' });
    await exchange(port, 'GET', '/robots.txt', { ...headers, 'Content-Length': '3' });
    await exchange(port, 'GET', '/robots.txt/', headers);
    await exchange(port, 'GET', `/robots.txt?${'x'.repeat(2100)}`, headers);
    await exchange(port, 'GET', '/robots.txt', { ...headers, 'X-Forwarded-Proto': 'http' });
    server.close();
    for (const answer of answered) expect(answer.status).toBe(200);
    const expected = [
      'GET /no-such-page same-request',
      'POST /robots.txt same-request',
      'GET /robots.txt same-request',
      'GET /robots.txt/ same-request',
      `GET /robots.txt?${'x'.repeat(2100)} same-request`,
    ];
    // Plain HTTP behind the load balancer is redirected, by Express.
    if (config.forceHttps) expected.push('GET /robots.txt same-request');
    expect(reached).toEqual(expected);
    expect(observed).toEqual([
      ...['GET', 'HEAD', 'GET', 'GET'].map((method) => `${method} /robots.txt same-request`),
      'GET /no-such-page same-request',
      'POST /robots.txt same-request',
      ...['/robots.txt', '/robots.txt/', '/robots.txt', '/robots.txt'].map((path) => `GET ${path} same-request`),
    ]);
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
    const { server, port } = await listen((await testSite()).listener);
    try {
      for (const path of paths) expect(await connection(port, path), path).toMatchObject({ connection: 'keep-alive' });
    } finally {
      server.close();
    }
  });

  it('every answer, prepared or through Express, closes its connection', async () => {
    let closing = false;
    const config = testConfig();
    const answers = await prepareAnswers(config, readManifest(distDir), join(distDir, 'public'));
    const site = createSite(config, {
      answers,
      logger: pino({ level: 'silent' }),
      readiness: { ready: true },
      closingConnections: () => closing,
    });
    const { server, port } = await listen(site.listener);
    try {
      for (const path of paths) expect(await connection(port, path), path).toMatchObject({ connection: 'keep-alive' });
      closing = true;
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
