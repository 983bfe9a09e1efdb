// The site as the process starts it (server/start.ts), in-process: every page
// prepared before it listens, the metrics port before the public one, the
// limits on slow and oversized requests, and one access-log line per request,
// the ones Node's parser refuses included. (test/http/production-start.test.ts
// starts the built server as a process; this one is what the mutation tests run.)
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSite } from '../../server/app.js';
import { prepareSite } from '../../server/render-site.js';
import { readManifest } from '../../server/manifest.js';
import { startSite, StartupError } from '../../server/start.js';
import { distDir, testConfig } from '../support/app.js';
import { memoryLogger, type LogLine } from '../support/memory-logger.js';
import { openSocket, rawRequest, readUntilClose } from '../support/raw-http.js';
import { sitesClosedAfterEach } from '../support/running-sites.js';
import { freePort, takenPort } from '../support/server.js';
import { until } from '../support/until.js';
import { fill } from '../../shared/content/labels.js';
import { labels } from '../support/labels.js';

const running = sitesClosedAfterEach();

async function start(env: Record<string, string> = {}) {
  const log = memoryLogger();
  const site = await startSite(testConfig({ HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', ...env }), log.logger, distDir);
  running.push(site);
  return { site, log, url: `http://127.0.0.1:${site.port}` };
}

const requestLines = (lines: LogLine[]) => lines.filter((line) => line.msg === 'request');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('starting the site', () => {
  it('listens on the configured host with every response prepared, and is ready', async () => {
    const { site, url } = await start();
    expect((site.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(site.lifecycle).toEqual({ phase: 'ready' });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${url}/about`)).status).toBe(200);
    expect(site.metricsPort).toBeUndefined();
    expect(site.metricsServer).toBeUndefined();
  });

  it('keeps connections open between responses until the drain has closed the listener, then closes each after its response', async () => {
    const { site, url } = await start();
    // A prepared page (answered before Express), a 404 and a probe (answered by Express).
    const paths = ['/about', '/no-such-page', '/livez'];
    const connectionOf = async (path: string) => (await fetch(`${url}${path}`)).headers.get('connection');
    for (const path of paths) expect(await connectionOf(path), path).toBe('keep-alive');
    site.lifecycle.phase = 'closing';
    for (const path of paths) expect(await connectionOf(path), path).toBe('close');
  });

  it('answers 8 pipelined requests on one connection, and closes a connection that queues more without going on', async () => {
    const { site, log } = await start();
    const statuses = async (count: number) => {
      const socket = await openSocket(site.port);
      const answered = readUntilClose(socket);
      socket.write(
        'GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(count - 1) +
          'GET /robots.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      const { head, body } = await answered;
      return `${head}\r\n\r\n${body}`.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];
    };
    expect(await statuses(8)).toEqual(Array(8).fill('HTTP/1.1 200'));
    const before = requestLines(log.lines).length;
    // A browser never queues more: the connection is closed, and the requests after the 8th reach no middleware.
    expect((await statuses(2_000)).length).toBeLessThanOrEqual(8);
    await sleep(200);
    expect(requestLines(log.lines).length - before).toBeLessThanOrEqual(8);
  });

  it('sets the timeouts that cut off slow clients, and the operator’s connection limits', async () => {
    const { site } = await start({ KEEP_ALIVE_TIMEOUT: '7', MAX_CONNECTIONS: '123' });
    expect(site.server.headersTimeout).toBe(10_000);
    expect(site.server.requestTimeout).toBe(10_000);
    expect(site.server.keepAliveTimeout).toBe(7_000);
    expect(site.server.maxConnections).toBe(123);
  });

  it('answers request heads over 16 KB with 431, from Node’s parser, and logs it', async () => {
    const { site, log } = await start();
    const big = await rawRequest(site.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    const fits = await rawRequest(
      site.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(15_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(fits.status).toBe(200);
    expect(log.lines.find((line) => line.msg === 'request rejected by the parser')).toMatchObject({
      status: 431,
      code: 'HPE_HEADER_OVERFLOW',
      ip: '127.0.0.1',
    });
  });

  it('never invites a body it will refuse (no 100 Continue), and answers any other expectation as a request, logged', async () => {
    const { site, log } = await start();
    const upload = await rawRequest(site.port, 'POST /contact HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n');
    expect(upload.head).toMatch(/^HTTP\/1\.1 405 /);
    const bodyOnGet = await rawRequest(site.port, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n');
    expect(bodyOnGet.head).toMatch(/^HTTP\/1\.1 413 /);
    const odd = await rawRequest(site.port, 'GET /about HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\nConnection: close\r\n\r\n');
    expect(odd.status).toBe(200);
    await sleep(50);
    expect(requestLines(log.lines).map((line) => line.status)).toEqual([405, 413, 200]);
  });

  it('answers CONNECT, which Node keeps from the app, with 405 and the allowed methods, and logs it', async () => {
    const { site, log } = await start();
    const tunnel = await rawRequest(site.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(tunnel.status).toBe(405);
    expect(tunnel.head).toContain('Allow: GET, HEAD');
    expect(tunnel.head).toContain('Connection: close');
    expect(log.lines.find((line) => line.msg === 'request refused: CONNECT')).toMatchObject({ status: 405, ip: '127.0.0.1' });
  });

  it('answers a request line Node cannot parse with 400, and logs it', async () => {
    const { site, log } = await start();
    const response = await rawRequest(site.port, 'NOT A REQUEST\r\n\r\n');
    expect(response.status).toBe(400);
    expect(response.head).toContain('Connection: close');
    expect(response.head).toContain('Content-Length: 0');
    expect(log.lines.find((line) => line.msg === 'request rejected by the parser')).toMatchObject({ status: 400 });
  });

  it.each([
    ['a request line Node cannot parse', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 'HTTP/1.1 400'],
    ['a head over 16 KB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`, 'HTTP/1.1 431'],
  ])('answers a search pipelined before %s, then refuses it, then closes', async (_, refused, refusal) => {
    const { site, log } = await start();
    const socket = await openSocket(site.port);
    const closed = readUntilClose(socket);
    // The search is rendered for the request: its answer is still to come when Node's parser fails on the next one.
    socket.write(`GET /search?q=hosting HTTP/1.1\r\nHost: x\r\n\r\n${refused}`);
    const { head, body } = await closed;
    expect(`${head}\r\n\r\n${body}`.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 200', refusal]);
    // Read a byte a character: the page's words in UTF-8.
    expect(Buffer.from(body, 'latin1').toString('utf8')).toContain(fill(labels.searchPage.title, { query: 'hosting' }));
    await sleep(50);
    expect(requestLines(log.lines)).toMatchObject([{ path: '/search', status: 200 }]);
    expect(requestLines(log.lines)[0]?.aborted).toBeUndefined();
  });

  describe.each([
    ['a malformed chunk', 'ZZZ\r\nhello\r\n0\r\n\r\n'],
    ['a 20 KB chunk extension', `5;${'x'.repeat(20_000)}\r\nhello\r\n0\r\n\r\n`],
  ])('a GET with a chunked body and %s', (_, body) => {
    const head = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n';
    it.each([
      ['sent at once', [head + body]],
      ['its body sent after the response', [head, body]],
    ])('gets exactly one response, 413, and the connection closed (%s)', async (_how, parts) => {
      const { site, log } = await start();
      const socket = await openSocket(site.port);
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const closed = readUntilClose(socket);
      for (const part of parts) {
        socket.write(part);
        await sleep(100);
      }
      await closed;
      expect(received.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 413']);
      expect(log.lines.filter((line) => line.msg === 'request rejected by the parser')).toEqual([]);
    });
  });

  it('does not log a client that hangs up mid-request as a rejected request', async () => {
    const { site, log } = await start();
    const socket = await openSocket(site.port);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ');
    await sleep(50);
    socket.resetAndDestroy();
    await sleep(100);
    expect(log.messages()).not.toContain('request rejected by the parser');
  });

  it('turns the metrics on when METRICS_PORT is set, listening there before the site is ready', async () => {
    const metricsPort = await freePort();
    const { site } = await start({ METRICS_PORT: String(metricsPort) });
    expect(site.metricsPort).toBe(metricsPort);
    // Start-up's own error listeners are gone: a later error on a listener is not taken for a failed start.
    expect(site.metricsServer?.listenerCount('error')).toBe(0);
    expect(site.server.listenerCount('error')).toBe(0);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    // The process's own metrics are collected too.
    expect(await res.text()).toContain('process_resident_memory_bytes');
  });

  it('is ready only once every page has its one Brotli form for the release', async () => {
    const { site, url } = await start();
    expect(site.lifecycle.phase).toBe('ready');
    const res = await fetch(`${url}/about`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toMatch(/-br"$/);
  });
});

describe('a start-up that cannot finish', () => {
  it('fails on a page that cannot render, before listening, naming the step', async () => {
    const manifest = readManifest(distDir);
    const broken = { ...manifest, animations: {} as typeof manifest.animations };
    const port = await freePort();
    const log = memoryLogger();
    const failure = startSite(testConfig({ HOST: '127.0.0.1', PORT: String(port), METRICS_PORT: '0' }), log.logger, distDir, broken);
    await expect(failure).rejects.toThrow(StartupError);
    await expect(failure).rejects.toThrow('could not prepare the pages');
    await expect(failure).rejects.toHaveProperty('cause');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('fails on a build that is not there', async () => {
    const log = memoryLogger();
    await expect(startSite(testConfig({ PORT: '0', METRICS_PORT: '0' }), log.logger, '/nonexistent/dist')).rejects.toThrow(
      'could not prepare the pages',
    );
  });

  it('fails when the metrics port is taken, and never opens the public one', async () => {
    const { holder, port: metricsPort } = await takenPort();
    const publicPort = await freePort();
    try {
      const log = memoryLogger();
      const failure = startSite(
        testConfig({ HOST: '127.0.0.1', PORT: String(publicPort), METRICS_PORT: String(metricsPort) }),
        log.logger,
        distDir,
      );
      await expect(failure).rejects.toThrow('could not listen for metrics');
      await expect(failure).rejects.toMatchObject({ cause: { code: 'EADDRINUSE' } });
      await expect(fetch(`http://127.0.0.1:${publicPort}/`)).rejects.toThrow();
    } finally {
      holder.close();
    }
  });

  it('fails when the public port is taken, and closes the metrics port it opened', async () => {
    const { holder, port } = await takenPort();
    const metricsPort = await freePort();
    try {
      const log = memoryLogger();
      const failure = startSite(
        testConfig({ HOST: '127.0.0.1', PORT: String(port), METRICS_PORT: String(metricsPort) }),
        log.logger,
        distDir,
      );
      await expect(failure).rejects.toThrow('could not listen');
      await expect(failure).rejects.toMatchObject({ cause: { code: 'EADDRINUSE' } });
      await sleep(50);
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
    } finally {
      holder.close();
    }
  });
});

describe('the access log', () => {
  it('writes one line per request: id, method, path without its query, status, bytes sent, duration and address', async () => {
    const { site, log } = await start();
    const response = await rawRequest(
      site.port,
      'GET /about?utm_source=mail&secret=x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: req-42\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n',
    );
    const sent = response.head.length + 4 + response.body.length;
    await sleep(20);
    const [line] = requestLines(log.lines);
    expect(requestLines(log.lines)).toHaveLength(1);
    expect(line).toMatchObject({
      level: 30,
      requestId: 'req-42',
      method: 'GET',
      path: '/about',
      status: 200,
      bytes: sent,
      ip: '127.0.0.1',
    });
    expect(line?.durationMs).toBeTypeOf('number');
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
    expect(line?.durationMs).toBeLessThan(5_000);
    expect(line).not.toHaveProperty('aborted');
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('counts each answer’s own bytes when one connection carries several requests in turn', async () => {
    const { site, log } = await start();
    const socket = await openSocket(site.port);
    const answers = readUntilClose(socket);
    const request = 'GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    socket.write(`${request}\r\n`);
    await until(() => requestLines(log.lines).length === 1);
    socket.write(`${request}Connection: close\r\n\r\n`);
    await answers;
    await sleep(20);
    const bytes = requestLines(log.lines).map((line) => line.bytes as number);
    expect(bytes).toHaveLength(2);
    // The second answer differs from the first only by its Connection header's value, and no Keep-Alive line.
    expect(bytes[0]! - bytes[1]!).toBe('Connection: keep-alive\r\nKeep-Alive: timeout=65\r\n'.length - 'Connection: close\r\n'.length);
  });

  it('counts each answer’s own bytes when requests are pipelined, sent together before any answer', async () => {
    const { site, log } = await start();
    const socket = await openSocket(site.port);
    const answers = readUntilClose(socket);
    const request = 'GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n';
    socket.write(`${request}\r\n${request}Connection: close\r\n\r\n`);
    const { head, body } = await answers;
    await sleep(20);
    const bytes = requestLines(log.lines).map((line) => line.bytes as number);
    expect(bytes).toHaveLength(2);
    expect(bytes[0]! + bytes[1]!).toBe(head.length + 4 + body.length);
    expect(bytes[0]! - bytes[1]!).toBe('Connection: keep-alive\r\nKeep-Alive: timeout=65\r\n'.length - 'Connection: close\r\n'.length);
  });

  it('counts the bytes of a page streamed per request, whose length is not known in advance', async () => {
    const { site, log } = await start();
    // Written without ending our side: Node aborts a response still streaming when the client half-closes.
    const socket = await openSocket(site.port);
    const answer = readUntilClose(socket);
    socket.write('GET /search?q=hosting HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n');
    const response = await answer;
    expect(response.head).toMatch(/Content-Encoding: gzip/i);
    expect(response.head).toMatch(/Transfer-Encoding: chunked/i);
    await sleep(20);
    expect(requestLines(log.lines)[0]?.bytes).toBe(response.head.length + 4 + response.body.length);
  });

  it('logs the same for responses made by other middleware: a redirect and a refusal', async () => {
    const { url, log } = await start();
    await fetch(`${url}/about/`, { redirect: 'manual' });
    await fetch(`${url}/about`, { method: 'POST', body: 'x' });
    await sleep(20);
    expect(requestLines(log.lines).every((line) => typeof line.bytes === 'number' && line.bytes > 200)).toBe(true);
    expect(requestLines(log.lines).map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', '/about/', 301],
      ['POST', '/about', 405],
    ]);
  });

  it('takes the client’s address from the proxy only when TRUST_PROXY trusts it', async () => {
    for (const [trustProxy, ip] of [
      ['1', '203.0.113.7'],
      ['0', '127.0.0.1'],
    ]) {
      const { url, log } = await start({ TRUST_PROXY: trustProxy ?? '' });
      await fetch(`${url}/`, { headers: { 'X-Forwarded-For': '203.0.113.7' } }).then((res) => res.arrayBuffer());
      await sleep(20);
      expect(requestLines(log.lines)[0]?.ip).toBe(ip);
    }
  });

  it('marks a response the client did not wait for as aborted', async () => {
    const { site, log } = await start();
    const entry = (await (await fetch(`http://127.0.0.1:${site.port}/`)).text()).match(/\/assets\/header-[\w-]+\.js/)?.[0] ?? '';
    const pipelined = await openSocket(site.port);
    pipelined.on('error', () => undefined);
    pipelined.pause();
    // The client reads none of its pipelined responses (more than the connection's buffers hold), then resets the connection.
    pipelined.write(`GET ${entry} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`.repeat(60));
    await sleep(300);
    pipelined.resetAndDestroy();
    await until(() => requestLines(log.lines).some((line) => line.aborted === true), 5_000);
    const aborted = requestLines(log.lines).filter((line) => line.aborted === true);
    expect(aborted.every((line) => line.path === entry)).toBe(true);
  });

  it('logs a server error at error level, with the error apart', async () => {
    const config = testConfig();
    const manifest = readManifest(distDir);
    const prepared = await prepareSite(config, manifest, join(distDir, 'public'));
    // The search page loses its site configuration after start-up: it cannot render.
    prepared.render.site = undefined as unknown as typeof prepared.render.site;
    const log = memoryLogger();
    const site = createSite(config, { prepared, logger: log.logger, lifecycle: { phase: 'ready' } });
    await request(site).get('/search?q=plans').expect(500);
    await sleep(20);
    expect(requestLines(log.lines)).toEqual([expect.objectContaining({ level: 50, path: '/search', status: 500 })]);
    expect(log.lines.filter((line) => line.msg !== 'request').map((line) => line.level)).toEqual([50]);
  });
});
