// The reference servers of the benchmark, each answering the exact bytes the
// site answered:
//   express  Express 5 with the site's duties, from memory: its helmet middleware, compression, a request id and an
//            access line through pino, a prom-client histogram of durations (the chosen stack, done plainly)
//   fastify  Fastify 5 + @fastify/static serving the same bytes as files, with
//            the same security headers and its logger on (what a team would pick for static pages)
//   node     bare node:http, from memory (the limit of the machine)
// Usage: node --import tsx scripts/bench-baseline.ts express|fastify|node BODIES.json
import compression from 'compression';
import express from 'express';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadConfig } from '../server/config.js';
import { dirname, join } from 'node:path';
import { FIRST_PAINT_STYLES } from '../server/manifest.js';
import { requestBuckets } from '../server/metrics.js';
import { pageInlineCode, securityHeaders } from '../server/security.js';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Histogram, Registry } from 'prom-client';
import { dist } from './build.js';

interface Recorded {
  status: number;
  contentType: string;
  body: string;
}

const [kind, file] = process.argv.slice(2);
const pages = new Map<string, Recorded>(Object.entries(JSON.parse(readFileSync(file!, 'utf8'))));
const bodies = new Map([...pages].map(([path, page]) => [path, Buffer.from(page.body, 'base64')]));

const listen = (server: ReturnType<typeof createServer>) =>
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  });

/** The same helmet configuration as the site's, inline-code hashes included. */
function siteSecurityOptions() {
  const styles = readFileSync(join(dist, FIRST_PAINT_STYLES), 'utf8');
  const site = loadConfig({}).site;
  return { site, hstsPreload: false, inline: pageInlineCode(site, styles) };
}

/** The headers helmet sets, read from a response of a throwaway server, for the references without Express. */
async function siteSecurityHeaders(): Promise<[string, string][]> {
  const app = express();
  app.use(securityHeaders(siteSecurityOptions()));
  app.get('/', (_req, res) => res.end());
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const response = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
  server.close();
  const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return [...response.headers].filter(([name]) => !transport.has(name));
}

/** Lines as the site's logger writes them in production: JSON to stdout, buffered. */
const logger = () => pino({ level: 'info', base: undefined }, pino.destination({ dest: 1, sync: false, minLength: 4096 }));

if (kind === 'express') {
  const log = logger();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request duration by method, route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: requestBuckets,
    registers: [new Registry()],
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = pages.has(req.path) ? req.path : 'not-found';
      requestDuration.observe({ method: req.method, route, status_code: res.statusCode }, seconds);
      log.info(
        { requestId, method: req.method, path: req.path, status: res.statusCode, durationMs: seconds * 1000, ip: req.ip },
        'request',
      );
    });
    next();
  });
  app.use(securityHeaders(siteSecurityOptions()));
  app.use(compression());
  app.get('/{*splat}', (req, res) => {
    const page = pages.get(req.path) ?? pages.get('*')!;
    res
      .status(page.status)
      .type(page.contentType)
      .send(bodies.get(req.path) ?? bodies.get('*'));
  });
  listen(createServer(app));
} else if (kind === 'fastify') {
  // Each page as a file at its path (index.html for a folder), the not-found page as 404.html.
  const root = mkdtempSync(join(tmpdir(), 'bench-fastify-'));
  const fileOf = (path: string) => join(root, path === '*' ? '404.html' : path.endsWith('/') ? `${path}index.html` : `${path}.html`);
  for (const [path, body] of bodies) {
    mkdirSync(dirname(fileOf(path)), { recursive: true });
    writeFileSync(fileOf(path), body);
  }
  const headers = Object.fromEntries(await siteSecurityHeaders());
  const app = Fastify({ loggerInstance: logger() });
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
  await app.register(fastifyStatic, { root, extensions: ['html'], index: ['index.html'] });
  app.setNotFoundHandler((_req, reply) => reply.code(404).type('text/html; charset=utf-8').sendFile('404.html'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
} else {
  listen(
    createServer((req, res) => {
      const path = req.url ?? '/';
      const page = pages.get(path) ?? pages.get('*')!;
      res.writeHead(page.status, { 'Content-Type': page.contentType });
      res.end(bodies.get(path) ?? bodies.get('*'));
    }),
  );
}
