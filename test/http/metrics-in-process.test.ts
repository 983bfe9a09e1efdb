// The metrics, in-process: the site and its metrics server wired as
// server/index.ts wires them, scraped as Prometheus scrapes them.
// (test/http/metrics.test.ts checks the same on the built server, with the
// start-up line, the process's own metrics and SIGTERM; this one is what the
// mutation tests run.)
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSite } from '../../server/app.js';
import type { Lifecycle } from '../../server/health.js';
import { prepareSite } from '../../server/render-site.js';
import { createMetrics, metricsServer } from '../../server/metrics.js';
import { readManifest } from '../../server/manifest.js';
import { createServer } from 'node:http';
import { routes } from '../../shared/routes.js';
import { distDir, testConfig } from '../support/app.js';
import { requestCount, scrape, type Scrape } from '../support/prometheus.js';
import { listenOnLoopback } from '../support/loopback.js';

const listen = async (server: Server) => `http://127.0.0.1:${await listenOnLoopback(server)}`;

/** The site with metrics on, its public and metrics listeners, and the state the gauges read. */
async function siteWithMetrics(env: Record<string, string> = {}) {
  const config = testConfig(env);
  const prepared = await prepareSite(config, readManifest(distDir), join(distDir, 'public'));
  const lifecycle: Lifecycle = { phase: 'ready' };
  const metrics = createMetrics({ exactPaths: prepared.byPath.keys(), renderSeconds: prepared.renderSeconds, lifecycle });
  const site = createSite(config, { prepared, logger: pino({ level: 'silent' }), lifecycle, metrics });
  const publicServer = createServer(site);
  const metricsListener = metricsServer(metrics, pino({ level: 'silent' }));
  const url = await listen(publicServer);
  const metricsUrl = await listen(metricsListener);
  return {
    url,
    metricsUrl,
    metrics,
    lifecycle,
    scrape: () => scrape(metricsUrl),
    close: () => {
      publicServer.close();
      metricsListener.close();
    },
  };
}

const difference = (before: Scrape, after: Scrape, route: string, status: number, method = 'GET') =>
  requestCount(after, route, status, method) - requestCount(before, route, status, method);
const hits = (s: Scrape) => s.samples.get('page_cache_requests_total{result="hit"}');
const misses = (s: Scrape) => s.samples.get('page_cache_requests_total{result="miss"}');

describe('metrics of the cached site', () => {
  let site: Awaited<ReturnType<typeof siteWithMetrics>>;
  beforeAll(async () => (site = await siteWithMetrics()));
  afterAll(() => site.close());

  it('report each page rendered into the cache at start-up, and no stream', async () => {
    const first = await site.scrape();
    const { samples } = first;
    expect(samples.get('page_render_duration_seconds_count{mode="prepared"}')).toBe(routes.length);
    expect(samples.get('page_render_duration_seconds_sum{mode="prepared"}')).toBeGreaterThan(0);
    // In seconds: a page renders in far less than ten.
    expect(samples.get('page_render_duration_seconds_sum{mode="prepared"}')).toBeLessThan(10 * routes.length);
    // Both cache series exist from the start, at zero, so that a rate over them is defined before the first request.
    expect([hits(first), misses(first)]).toEqual([0, 0]);
    expect(samples.get('page_render_duration_seconds_count{mode="streamed"}') ?? 0).toBe(0);
  });

  it('label each request by method, route and status, whichever path answered it', async () => {
    const before = await site.scrape();
    const get = (path: string, init?: RequestInit) =>
      fetch(`${site.url}${path}`, { redirect: 'manual', ...init }).then((res) => res.status);
    expect(await get('/')).toBe(200);
    expect(await get('/')).toBe(200);
    expect(await get('/about', { method: 'HEAD' })).toBe(200);
    expect(await get('/about/')).toBe(301);
    expect(await get('/about', { method: 'POST', body: 'x' })).toBe(405);
    expect(await get('/no/such/page')).toBe(404);
    expect(await get('/assets/nothing-here.js')).toBe(404);
    expect(await get('/robots.txt')).toBe(200);
    expect(await get('/livez')).toBe(200);
    expect(await get('/readyz')).toBe(200);
    expect(await get(readManifest(distDir).islands.header[0]!)).toBe(200);
    const etag = (await fetch(`${site.url}/contact`)).headers.get('etag') ?? '';
    // fetch adds Cache-Control: no-cache to a request with If-None-Match unless it has its own.
    expect(await get('/contact', { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).toBe(304);
    const after = await site.scrape();
    expect(difference(before, after, 'home', 200)).toBe(2);
    expect(difference(before, after, 'about', 200, 'HEAD')).toBe(1);
    expect(difference(before, after, 'about', 301)).toBe(1);
    expect(difference(before, after, 'about', 405, 'POST')).toBe(1);
    expect(difference(before, after, 'not-found', 404)).toBe(1);
    expect(difference(before, after, 'assets', 404)).toBe(1);
    expect(difference(before, after, 'static', 200)).toBe(1);
    expect(difference(before, after, 'health', 200)).toBe(2);
    expect(difference(before, after, 'assets', 200)).toBe(1);
    expect(difference(before, after, 'contact', 200)).toBe(1);
    expect(difference(before, after, 'contact', 304)).toBe(1);
    // From the cache: two homes, one about, the not-found page, the contact page and its 304.
    // Not the redirect, the refusal, the missing asset, robots.txt or the probe.
    expect((hits(after) ?? 0) - (hits(before) ?? 0)).toBe(6);
    expect(misses(after)).toBe(0);
    // The same request a second time adds to its series, not a new one.
    const series = (s: Scrape) => [...s.samples.keys()].filter((key) => key.startsWith('http_request_duration_seconds')).length;
    await get('/about/');
    expect(series(await site.scrape())).toBe(series(after));
  });

  it('time each answer: the sum grows and every answer lies within the buckets', async () => {
    const before = await site.scrape();
    for (let i = 0; i < 3; i++) await fetch(`${site.url}/services/shared-hosting`).then((res) => res.arrayBuffer());
    const after = await site.scrape();
    const key = 'method="GET",route="shared-hosting",status_code="200"';
    expect(after.samples.get(`http_request_duration_seconds_sum{${key}}`)).toBeGreaterThan(
      before.samples.get(`http_request_duration_seconds_sum{${key}}`) ?? 0,
    );
    expect(after.samples.get(`http_request_duration_seconds_bucket{le="+Inf",${key}}`)).toBe(requestCount(after, 'shared-hosting', 200));
    expect(after.samples.get(`http_request_duration_seconds_bucket{le="10",${key}}`)).toBe(requestCount(after, 'shared-hosting', 200));
  });

  it('read the requests in flight, the readiness and the drain when scraped', async () => {
    let { samples } = await site.scrape();
    expect([samples.get('http_requests_in_flight'), samples.get('http_server_ready'), samples.get('http_server_shutting_down')]).toEqual([
      0, 1, 0,
    ]);
    site.lifecycle.phase = 'draining';
    ({ samples } = await site.scrape());
    expect([samples.get('http_requests_in_flight'), samples.get('http_server_ready'), samples.get('http_server_shutting_down')]).toEqual([
      0, 0, 1,
    ]);
    site.lifecycle.phase = 'ready';
  });

  it('answer in the Prometheus text format, never stored; HEAD without a body', async () => {
    const res = await fetch(`${site.metricsUrl}/metrics?x=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    const head = await fetch(`${site.metricsUrl}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answer nothing but /metrics: 404 elsewhere, 405 with Allow for other methods', async () => {
    for (const path of ['/', '/about', '/metrics/extra', '/metricsx']) {
      const res = await fetch(`${site.metricsUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe('Not Found\n');
    }
    const post = await fetch(`${site.metricsUrl}/metrics`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(post.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await post.text()).toBe('Method Not Allowed\n');
  });

  it('answer 500, and nothing of the failure, when the registry cannot be read', async () => {
    const failing = vi.spyOn(site.metrics.registry, 'metrics').mockRejectedValueOnce(new Error('collector broke'));
    const res = await fetch(`${site.metricsUrl}/metrics`);
    failing.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('Internal Server Error\n');
  });
});

describe('metrics of the search page', () => {
  let site: Awaited<ReturnType<typeof siteWithMetrics>>;
  beforeAll(async () => (site = await siteWithMetrics()));
  afterAll(() => site.close());

  it('time each search page rendered for its query, in seconds', async () => {
    const before = (await site.scrape()).samples;
    for (const query of ['refund', 'backups']) expect(await (await fetch(`${site.url}/search?q=${query}`)).text()).toContain('</html>');
    const after = (await site.scrape()).samples;
    const rendered = (samples: typeof after) => samples.get('page_render_duration_seconds_count{mode="streamed"}') ?? 0;
    const seconds = (samples: typeof after) => samples.get('page_render_duration_seconds_sum{mode="streamed"}') ?? 0;
    expect(rendered(after) - rendered(before)).toBe(2);
    expect(seconds(after) - seconds(before)).toBeGreaterThan(0);
    expect(seconds(after) - seconds(before)).toBeLessThan(10 * 2);
  });
});

describe('the hit and miss counters', () => {
  it('start at zero, so that a rate over them exists from the first scrape', async () => {
    const site = await siteWithMetrics();
    try {
      const first = await site.scrape();
      expect([hits(first), misses(first)]).toEqual([0, 0]);
    } finally {
      site.close();
    }
  });

  it('are totals: each scrape reads the same count again, plus what came since', async () => {
    const site = await siteWithMetrics();
    try {
      await fetch(`${site.url}/`).then((res) => res.arrayBuffer());
      expect(hits(await site.scrape())).toBe(1);
      expect(hits(await site.scrape())).toBe(1);
      await fetch(`${site.url}/`).then((res) => res.arrayBuffer());
      expect(hits(await site.scrape())).toBe(2);
    } finally {
      site.close();
    }
  });
});
