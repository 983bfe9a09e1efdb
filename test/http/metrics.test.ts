// Prometheus metrics, as an operator's Prometheus scrapes them: on their own
// port, in the text format, with request counts that follow the traffic, and
// labels that stay bounded whatever paths the internet asks for. Never on the
// public port.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../support/app.js';
import { openSocket } from '../support/raw-http.js';
import { requestCount, scrape, type Scrape } from '../support/prometheus.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { probeUntil } from '../support/until.js';

/** Prometheus's text exposition format, line by line (comments, or a sample: name, optional labels, a number). */
const sampleLine = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;
const commentLine = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/;

const requestSeries = (s: Scrape) => [...s.samples.keys()].filter((key) => key.startsWith('http_request_duration_seconds')).length;

describe('metrics on their own port', () => {
  let server: RunningServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ METRICS_PORT: String(metricsPort), SHUTDOWN_DELAY: '2' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('announces the metrics port in the ready line', () => {
    const ready = JSON.parse(server.stdout().trim().split('\n')[0]!);
    expect(ready.metricsPort).toBe(metricsPort);
  });

  it('answers /metrics in the Prometheus text format, with Node’s and the process’s own metrics', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    for (const line of text.split('\n')) if (line !== '') expect(line).toMatch(line.startsWith('#') ? commentLine : sampleLine);
    for (const name of [
      'process_resident_memory_bytes',
      'process_open_fds',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
      'http_requests_in_flight',
      'http_server_ready',
      'http_server_shutting_down',
      'page_cache_requests_total',
      'page_render_duration_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('reports no page rendered at start-up where the build prepared them (test/http/metrics-in-process.test.ts: where it did not)', async () => {
    const { samples } = await scrape(`http://127.0.0.1:${metricsPort}`);
    expect(JSON.parse(server.stdout().trim().split('\n')[0]!).pagesPreparedBy).toBe('build');
    expect(samples.get('page_render_duration_seconds_count{mode="prepared"}') ?? 0).toBe(0);
    expect(samples.get('page_render_duration_seconds_count{mode="streamed"}') ?? 0).toBe(0);
    expect(samples.get('http_server_ready')).toBe(1);
    expect(samples.get('http_server_shutting_down')).toBe(0);
  });

  it('counts each request by method, route and status, and each page served from the cache', async () => {
    const before = await scrape(`http://127.0.0.1:${metricsPort}`);
    for (let i = 0; i < 7; i++) expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/about`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
    expect((await fetch(`${server.url}/about/`, { redirect: 'manual' })).status).toBe(301);
    expect((await fetch(`${server.url}/about`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    const after = await scrape(`http://127.0.0.1:${metricsPort}`);
    expect(requestCount(after, 'home', 200) - requestCount(before, 'home', 200)).toBe(7);
    expect(requestCount(after, 'about', 200, 'HEAD') - requestCount(before, 'about', 200, 'HEAD')).toBe(1);
    expect(requestCount(after, 'not-found', 404) - requestCount(before, 'not-found', 404)).toBe(1);
    expect(requestCount(after, 'about', 301) - requestCount(before, 'about', 301)).toBe(1);
    expect(requestCount(after, 'about', 405, 'POST') - requestCount(before, 'about', 405, 'POST')).toBe(1);
    expect(requestCount(after, 'health', 200) - requestCount(before, 'health', 200)).toBe(1);
    // Pages from the cache: seven homes, one about, one not-found page; the redirect and the 405 are not pages.
    const hits = (s: Scrape) => s.samples.get('page_cache_requests_total{result="hit"}')!;
    expect(hits(after) - hits(before)).toBe(9);
    expect(after.samples.get('page_cache_requests_total{result="miss"}')).toBe(0);
    // Durations are real: a cached answer takes well under the largest bucket, and the sum grows.
    const sum = (s: Scrape) => s.samples.get('http_request_duration_seconds_sum{method="GET",route="home",status_code="200"}') ?? 0;
    expect(sum(after)).toBeGreaterThan(sum(before));
    expect(after.samples.get('http_request_duration_seconds_bucket{le="1",method="GET",route="home",status_code="200"}')).toBe(
      requestCount(after, 'home', 200),
    );
  });

  it('adds no series for a few hundred random unknown paths', async () => {
    await fetch(`${server.url}/warm-up-unknown`);
    await fetch(`${server.url}/assets/warm-up.js`);
    const before = await scrape(`http://127.0.0.1:${metricsPort}`);
    const paths = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0 ? `/assets/${Math.random().toString(36).slice(2)}.js` : `/${Math.random().toString(36).slice(2)}/${i}`,
    );
    for (let i = 0; i < paths.length; i += 30) {
      await Promise.all(paths.slice(i, i + 30).map((path) => fetch(`${server.url}${path}`).then((res) => res.arrayBuffer())));
    }
    const after = await scrape(`http://127.0.0.1:${metricsPort}`);
    expect(requestSeries(after)).toBe(requestSeries(before));
    expect(requestCount(after, 'not-found', 404) - requestCount(before, 'not-found', 404)).toBe(200);
    expect(requestCount(after, 'assets', 404) - requestCount(before, 'assets', 404)).toBe(100);
    for (const path of paths) expect(after.text).not.toContain(path);
  });

  it('is not on the public port: /metrics there is the ordinary 404 page', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toBe(await (await fetch(`${server.url}/no/such/page`)).text());
    expect(html).not.toContain('http_request_duration_seconds');
  });

  it('answers nothing but /metrics on the metrics port: 404 elsewhere, 405 for other methods', async () => {
    for (const path of ['/', '/about', '/livez', '/metrics/extra']) {
      const res = await fetch(`http://127.0.0.1:${metricsPort}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Not Found\n');
    }
    const post = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('reads no request in flight once clients have gone, those that never read their answers included', async () => {
    const entry = (await (await fetch(server.url)).text()).match(/\/assets\/header-[\w-]+\.js/)![0];
    const client = await openSocket(server.port);
    client.on('error', () => undefined);
    client.pause();
    client.write(`GET ${entry} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`.repeat(8));
    await Promise.all([fetch(server.url), fetch(`${server.url}/no-such-page`)]);
    client.destroy();
    // Once the server has seen the client go (it is another process): a scrape sooner could read its requests still in flight.
    const inFlight = () => scrape(`http://127.0.0.1:${metricsPort}`).then(({ samples }) => samples.get('http_requests_in_flight'));
    expect(await probeUntil(inFlight, (count) => count === 0)).toBe(0);
  });

  it('reports the drain from the moment SIGTERM arrives', async () => {
    server.child.kill('SIGTERM');
    // SHUTDOWN_DELAY is 2 s: the server is still answering, and no longer ready,
    // as soon as it has handled the signal (another process: not at once here).
    const { samples } = await probeUntil(
      () => scrape(`http://127.0.0.1:${metricsPort}`),
      (scraped) => scraped.samples.get('http_server_shutting_down') === 1,
    );
    expect(samples.get('http_server_ready')).toBe(0);
    expect(samples.get('http_server_shutting_down')).toBe(1);
    expect(await server.stop()).toBe(0);
  });
});

describe('METRICS_PORT', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [join(distDir, 'server', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
      encoding: 'utf8',
      timeout: 10_000,
    });

  it('0 turns the metrics server off', async () => {
    const server = await startServer({ METRICS_PORT: '0' });
    try {
      expect(JSON.parse(server.stdout().trim().split('\n')[0]!).metricsPort).toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it('refuses the public port, and anything but a port number, naming the variable', () => {
    const same = run({ PORT: '3999', METRICS_PORT: '3999' });
    expect(same.status).toBe(1);
    expect(same.stderr).toContain('METRICS_PORT: must differ from PORT');
    const bad = run({ METRICS_PORT: '9464x' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('METRICS_PORT: must be a port number, in digits only');
  });

  it('stops the start-up when the metrics port is taken', async () => {
    const metricsPort = await freePort();
    const first = await startServer({ METRICS_PORT: String(metricsPort) });
    try {
      const second = run({ PORT: '0', METRICS_PORT: String(metricsPort) });
      expect(second.status).toBe(1);
      expect(second.stdout).toContain('could not listen for metrics');
      expect(second.stdout).not.toContain('ready on');
    } finally {
      await first.stop();
    }
  });
});
