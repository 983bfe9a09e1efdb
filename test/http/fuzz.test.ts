// A bounded, seeded fuzz of the real server on loopback: a few thousand
// generated requests (paths, methods, headers, encodings). None may get a 5xx,
// no body may show a stack frame or a server path, and the server must still
// answer afterwards.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { shippedConfigurations } from '../support/configurations.js';
import { startServer, type RunningServer } from '../support/server.js';

// Per shipped configuration (five of them).
const REQUESTS = 1200;
const RAW_REQUESTS = 120;
const CONCURRENCY = 16;

/** mulberry32: a small seeded generator, so a failure can be replayed exactly. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, int: (max: number) => Math.floor(next() * max) };
}

const segments = [
  '',
  'about',
  'services',
  'shared-hosting',
  'hosting',
  'contact',
  'assets',
  'chunks',
  'terms',
  '..',
  '.',
  '%2e%2e',
  '%2f',
  '%5c',
  '%00',
  '%ff',
  '%E0%A4%A',
  '%',
  '%%',
  'index.html',
  '.env',
  'etc',
  'passwd',
  'manifest.json',
  '%C0%AF',
  'ü',
  '%F0%9F%98%80',
  'a'.repeat(300),
  '{*splat}',
  ':id',
  '*',
  '~',
  'favicon.svg',
  'livez',
  'readyz',
  '..;',
  'wp-admin',
  '?',
  '#',
];
const methods = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'M-SEARCH'];
const encodings = ['gzip', 'br', 'br;q=0', '*', 'identity;q=0', 'gzip;q=abc', ';;', 'x'.repeat(500), 'deflate, gzip;q=1.0, *;q=0.5'];
const leaks = [/\bat [\w.<>]+ \(/, /node_modules/, /\/work\//, /\/app\//, /dist\/server/, /Error:/, /\.tsx?:\d+/];

function randomPath(g: ReturnType<typeof generator>): string {
  const parts = Array.from({ length: 1 + g.int(5) }, () => g.pick(segments));
  let path = `/${parts.join(g.next() < 0.1 ? '//' : '/')}`;
  if (g.next() < 0.2)
    path += `?${g.pick(['q=1', 'utm_source=x&utm_medium=%zz', 'a[]=1&a[]=2', '%', 'billing=yearly', 'x='.padEnd(200, 'y')])}`;
  // http.request refuses unescaped spaces and control characters; encode the rest.
  return encodeURI(decodeSafe(path)).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}

function decodeSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function randomHeaders(g: ReturnType<typeof generator>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (g.next() < 0.6) headers['accept-encoding'] = g.pick(encodings);
  if (g.next() < 0.2) headers['if-none-match'] = g.pick(['*', '"abc"', 'W/"x", "y"', '"', ''.padEnd(100, '"')]);
  if (g.next() < 0.2) headers['x-forwarded-proto'] = g.pick(['http', 'https', 'gopher', '']);
  if (g.next() < 0.2) headers['x-forwarded-for'] = g.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', ''.padEnd(300, '1')]);
  if (g.next() < 0.2) headers['user-agent'] = g.pick(['Googlebot/2.1', 'curl/8', '', 'facebookexternalhit/1.1', 'x'.repeat(1000)]);
  if (g.next() < 0.1) headers['x-request-id'] = g.pick(['abc', '<>', 'z'.repeat(500)]);
  if (g.next() < 0.1) headers.host = g.pick(['evil.example', 'localhost:1', '[::1]', 'a'.repeat(200)]);
  if (g.next() < 0.1) headers.range = g.pick(['bytes=0-10', 'bytes=-1', 'bytes=garbage']);
  return headers;
}

function send(server: RunningServer, agent: Agent, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('latin1');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(shippedConfigurations)('fuzzing the server, $name', (configuration) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...configuration.env, LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`answers ${REQUESTS} generated requests without a 5xx or a leaked detail`, async () => {
    const g = generator(20261122);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const worker = async () => {
      while (sent < REQUESTS) {
        sent++;
        const method = g.pick(methods);
        const path = randomPath(g);
        const headers = randomHeaders(g);
        const body = method === 'POST' || method === 'PUT' ? 'x'.repeat(g.int(5000)) : undefined;
        try {
          const res = await send(server, agent, method, path, headers, body);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500 || res.status === 0) failures.push(`${method} ${path} -> ${res.status}`);
          const leak = leaks.find((pattern) => pattern.test(res.body));
          if (leak) failures.push(`${method} ${path} leaked ${leak}`);
        } catch (error) {
          // Not even a refused upload (405/413, Connection: close) may reset: the server lingers until it is sent.
          failures.push(`${method} ${path} -> ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    expect(failures).toEqual([]);
    // The run exercised more than the happy path.
    for (const status of [200, 301, 400, 404, 405]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it(`answers ${RAW_REQUESTS} malformed raw requests sensibly`, async () => {
    const g = generator(7);
    const junk = ['\u0000', '\u0001', ' ', '\\', '\u00ff', '<', '"', '\t', 'é'];
    const failures: string[] = [];
    for (let i = 0; i < RAW_REQUESTS; i++) {
      const target = `/${Array.from({ length: 1 + g.int(20) }, () => (g.next() < 0.3 ? g.pick(junk) : String.fromCharCode(33 + g.int(90)))).join('')}`;
      const line = g.next() < 0.1 ? `${g.pick(methods)} ${target}\r\n` : `${g.pick(methods)} ${target} HTTP/1.${g.int(3)}\r\n`;
      const response = await rawRequest(server.port, `${line}Host: 127.0.0.1\r\n\r\n`);
      if (response.status >= 500) failures.push(`${JSON.stringify(line)} -> ${response.status}`);
      const leak = leaks.find((pattern) => pattern.test(response.body));
      if (leak) failures.push(`${JSON.stringify(line)} leaked ${leak}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('still answers / with 200 afterwards, and logged no server error', async () => {
    expect((await fetch(`${server.url}/`, { headers: configuration.headers, redirect: 'manual' })).status).toBe(200);
    expect(server.stderr()).toBe('');
    await server.stop();
    expect(server.stdout()).not.toMatch(/"level":"(error|fatal)"/);
  });
});
