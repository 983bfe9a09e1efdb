// The edge: what one client may take from everyone else, behind the example
// nginx (deploy/nginx/hosting-site.conf, its limit_conn and limit_req per
// client address) and, for comparison, straight at an instance, which still
// sheds what it cannot take and keeps its memory bound. Each client has a
// loopback address of its own (127.0.0.2 the attacker, 127.0.0.3 a visitor),
// as nginx limits per address.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageEnv } from '../support/image.js';
import { loadInProcess, startLoad } from '../support/load.js';
import { nginxMissing, planNginx, type RunningNginx } from '../support/nginx.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

const skip = nginxMissing();
if (skip) console.warn(skip);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Deployment's memory limit (MiB) and the environment its container runs with. */
function deployment(): { limitMiB: number; env: Record<string, string> } {
  const manifest = parseAllDocuments(
    readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'kubernetes', 'deployment.yaml'), 'utf8'),
  )[0]!.toJS() as {
    spec: { template: { spec: { containers: { env: { name: string; value: string }[]; resources: { limits: { memory: string } } }[] } } };
  };
  const container = manifest.spec.template.spec.containers[0]!;
  const env = Object.fromEntries(container.env.map((v) => [v.name, v.value]));
  return {
    limitMiB: Number(/^(\d+)Mi$/.exec(container.resources.limits.memory)![1]),
    // The image's environment, with the Deployment's values over it, as the container runs.
    env: { ...imageEnv, MAX_CONNECTIONS: env.MAX_CONNECTIONS!, NODE_OPTIONS: env.NODE_OPTIONS! },
  };
}

/** A query nobody asked before: no cache helps. */
const distinctQuery = (n: number, who: string) => `/search?q=${encodeURIComponent(`hosting price ${who}${n.toString(36)}`)}`;

interface Timed {
  status: number;
  ms: number;
  retryAfter?: string;
}

/** A GET over `agent` (a visitor's kept-alive connection), timed to the end of the body. */
function timedGet(agent: Agent, origin: string, path: string): Promise<Timed> {
  const target = new URL(origin);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: target.hostname, port: target.port, path, agent, servername: 'localhost', timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: res.headers['retry-after'] }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

/** Runs `visit` every `everyMs` for `seconds`, one after another, and returns what each gave. */
async function every<T>(everyMs: number, seconds: number, visit: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  const started = performance.now();
  for (let n = 0; performance.now() - started < seconds * 1000; n++) {
    const due = started + n * everyMs;
    if (due > performance.now()) await sleep(due - performance.now());
    results.push(await visit(n));
  }
  return results;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

describe.skipIf(Boolean(skip))('one client against everyone else', () => {
  let nginx: RunningNginx;
  const instances: RunningServer[] = [];
  const { limitMiB, env: sized } = deployment();

  beforeAll(async () => {
    const planned = await planNginx();
    const ports = [await freePort(), await freePort()];
    const env = { ...sized, FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: planned.siteUrl };
    for (const port of ports) instances.push(await startServer({ ...env, PORT: String(port) }, { keepOutput: false }));
    nginx = await planned.start(ports);
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const instance of instances) await instance.stop();
  });

  it('behind nginx, a client flooding /search with distinct queries on 50 connections leaves another client’s searches answered and pages fast, for 30 s', async () => {
    // The flood from a process of its own: its answers must not delay this one's timings.
    const flood = loadInProcess({
      url: nginx.httpsUrl,
      paths: [],
      distinctSearches: 'flood',
      connections: 50,
      ca: nginx.ca,
      localAddress: '127.0.0.2',
      seconds: 32,
    });
    const searcher = new Agent({ keepAlive: true, maxSockets: 1, ca: nginx.ca, localAddress: '127.0.0.3' });
    const reader = new Agent({ keepAlive: true, maxSockets: 1, ca: nginx.ca, localAddress: '127.0.0.3' });
    try {
      const [searches, pages] = await Promise.all([
        every(100, 30, (n) => timedGet(searcher, nginx.httpsUrl, distinctQuery(n, 'visitor'))),
        every(100, 30, (n) => timedGet(reader, nginx.httpsUrl, n % 2 ? '/about' : '/services/shared-hosting')),
      ]);
      const flooded = await flood;
      const answered = searches.filter((search) => search.status === 200).length;
      const pagesP99 = p99(pages.map((page) => page.ms));
      console.log(
        `search flood through nginx: the flooding client ${flooded.total} requests, ${JSON.stringify(flooded.statuses)}; the other client ${answered} of ${searches.length} searches answered 200, pages p99 ${pagesP99.toFixed(1)} ms (${JSON.stringify(statusCounts(pages))})`,
      );
      // The flood met nginx's limit (429) far more than the site's own bound.
      expect(flooded.statuses[429]).toBeGreaterThan(flooded.total / 2);
      expect(answered / searches.length).toBeGreaterThanOrEqual(0.95);
      expect(pages.every((page) => page.status === 200)).toBe(true);
      expect(pagesP99).toBeLessThanOrEqual(50);
    } finally {
      searcher.destroy();
      reader.destroy();
    }
    // nginx's refusals say when to come back.
    const refused = await timedGetBurst(nginx.httpsUrl, nginx.ca);
    expect(refused).toMatchObject({ status: 429, retryAfter: '1' });
  }, 60_000);

  it('without the proxy, an instance flooded with distinct queries sheds with 503 and Retry-After, and stays within half the Deployment’s memory', async () => {
    const instance = instances[0]!;
    const flood = startLoad({
      url: instance.url,
      paths: [],
      pathAt: (n) => distinctQuery(n, 'direct'),
      connections: 50,
      headers: { 'X-Forwarded-Proto': 'https', 'Accept-Encoding': 'br' },
    });
    await sleep(10_000);
    const result = await flood.stop();
    const peakMiB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${instance.child.pid}/status`, 'utf8'))![1]) / 1024;
    console.log(
      `search flood straight at an instance: ${result.total} requests, ${JSON.stringify(result.statuses)}; peak RSS ${peakMiB.toFixed(0)} MiB`,
    );
    expect(result.errors).toEqual({});
    expect(Object.keys(result.statuses).sort()).toEqual(['200', '503']);
    expect(result.statuses[503]).toBeGreaterThan(0);
    expect(peakMiB).toBeLessThanOrEqual(limitMiB / 2);
    const busy = await fetch(`${instance.url}/search?q=still+answering`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(busy.status).toBe(200);
  }, 30_000);

  it('behind nginx, one client’s 200 idle and 200 half-sent connections never keep another client from an answer within a second, for 30 s', async () => {
    const target = new URL(nginx.httpsUrl);
    const held = new Set<TLSSocket>();
    let stopped = false;
    // The attacker keeps 400 TLS connections open from 127.0.0.2, opening a new one whenever one is closed.
    const hold = (halfSent: boolean): Promise<void> =>
      new Promise((resolve) => {
        if (stopped) return resolve();
        const socket = tlsConnect(
          // localAddress is net.connect's, which tls.connect passes on (its types leave it out).
          {
            host: target.hostname,
            port: Number(target.port),
            ca: nginx.ca,
            servername: 'localhost',
            localAddress: '127.0.0.2',
          } as ConnectionOptions,
          () => {
            if (halfSent) socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow');
            resolve();
          },
        );
        socket.on('error', () => resolve());
        held.add(socket);
        socket.once('close', () => {
          held.delete(socket);
          if (!stopped) setTimeout(() => void hold(halfSent), 10);
        });
      });
    await Promise.all(Array.from({ length: 400 }, (_, i) => hold(i % 2 === 1)));
    const visitor = () => new Agent({ keepAlive: false, ca: nginx.ca, localAddress: '127.0.0.3' });
    try {
      // A new connection each time, as a new visitor's.
      const visits = await every(1_000, 30, (n) => timedGet(visitor(), nginx.httpsUrl, n % 2 ? '/about' : '/'));
      const slowest = Math.max(...visits.map((visit) => visit.ms));
      console.log(
        `one client holding 400 connections to nginx: ${visits.length} visits from another address, slowest ${slowest.toFixed(0)} ms, ${held.size} held at the end`,
      );
      expect(visits.map((visit) => visit.status)).toEqual(visits.map(() => 200));
      expect(visits.length).toBeGreaterThanOrEqual(29);
      expect(slowest).toBeLessThan(1_000);
      expect(held.size).toBeGreaterThanOrEqual(390);
    } finally {
      stopped = true;
      for (const socket of held) socket.destroy();
    }
  }, 60_000);
});

function statusCounts(results: Timed[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Searches from one fresh address as fast as it can until nginx refuses one: the refusal. */
async function timedGetBurst(origin: string, ca: Buffer): Promise<Timed> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8, ca, localAddress: '127.0.0.4' });
  try {
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => timedGet(agent, origin, distinctQuery(round * 40 + i, 'burst'))),
      );
      const refused = answers.find((answer) => answer.status === 429);
      if (refused) return refused;
    }
    return { status: 0, ms: 0 };
  } finally {
    agent.destroy();
  }
}
