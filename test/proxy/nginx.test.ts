// The site behind a real reverse proxy: Debian's nginx with the project's
// example configuration (deploy/nginx/), TLS with a certificate made on the
// fly, two instances of the production build upstream, configured as the
// README recommends behind a load balancer (FORCE_HTTPS, TRUST_PROXY=1).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.js';
import { startLoad } from '../support/load.js';
import { nginxMissing, planNginx, type RunningNginx } from '../support/nginx.js';
import { startServer, type RunningServer } from '../support/server.js';
import { until } from '../support/until.js';

const skip = nginxMissing();
if (skip) console.warn(skip);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(url: string, options: { ca?: Buffer; localAddress?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        ca: options.ca,
        localAddress: options.localAddress,
        servername: 'localhost',
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(Boolean(skip))('behind nginx', () => {
  let nginx: RunningNginx;
  let siteUrl: string;
  let env: Record<string, string>;
  const ports: number[] = [];
  const instances: RunningServer[] = [];

  beforeAll(async () => {
    const planned = await planNginx();
    siteUrl = planned.siteUrl;
    ports.push(await freePort(), await freePort());
    env = { FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: siteUrl, SHUTDOWN_TIMEOUT: '10' };
    for (const port of ports) instances.push(await startServer({ ...env, PORT: String(port) }));
    nginx = await planned.start(ports);
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const instance of instances) await instance.stop();
  });

  it('serves pages over HTTPS with HSTS and the security headers, naming SITE_URL', async () => {
    const page = await get(`${nginx.httpsUrl}/about`, { ca: nginx.ca });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`<link rel="canonical" href="${siteUrl}/about"/>`);
  });

  it('upgrades plain HTTP to the same path over HTTPS, and no cache may keep the upgrade', async () => {
    const upgrade = await get(`${nginx.httpUrl}/about/?ref=mail`);
    expect(upgrade.status).toBe(301);
    expect(upgrade.headers.location).toBe(`${siteUrl}/about?ref=mail`);
    expect(upgrade.headers['cache-control']).toBe('no-store');
    expect(String(upgrade.headers.vary)).toContain('X-Forwarded-Proto');
    const hostile = await get(`${nginx.httpUrl}//evil.example/`);
    expect(hostile.headers.location).toBe(`${siteUrl}/evil.example`);
  });

  it('sees the client’s own address and protocol, not nginx’s, and logs nginx’s request id', async () => {
    // The client on another loopback address than nginx's own 127.0.0.1.
    const page = await get(`${nginx.httpsUrl}/contact`, { ca: nginx.ca, localAddress: '127.0.0.2' });
    expect(page.status).toBe(200);
    const requestId = String(page.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // The instance's log reaches its stdout within 100 ms, later when the machine is busy: wait for the whole line.
    const lineOf = () =>
      instances.flatMap((instance) => instance.stdout().split('\n').slice(0, -1)).find((entry) => entry.includes(requestId));
    await until(() => lineOf() !== undefined);
    const line = lineOf();
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ method: 'GET', path: '/contact', status: 200, ip: '127.0.0.2' });
  });

  it(
    'restarts both instances one after the other under load, five times, with no failed request and no upstream reset',
    // Not retried: a reset in any round fails the test (decisions 005 and 007 say what caused the ones once seen).
    { timeout: 240_000 },
    async () => {
      // Allowed: a refused connect to an instance that had stopped listening
      // (retried on the other one), and nginx noting it skips that instance for a moment.
      const allowed = /connect\(\) failed \(111: Connection refused\)|upstream server temporarily disabled while connecting/;
      for (let round = 1; round <= 5; round++) {
        const logBefore = nginx.errorLog().length;
        // 50 client connections as fast as answers come: the instance left running
        // takes all of them, more than MAX_CONNECTIONS with nginx's kept-alive pool.
        const load = startLoad({
          url: `${nginx.httpsUrl}/`,
          paths: ['/', '/about', '/services/shared-hosting', '/terms', '/no-such-page'],
          connections: 50,
          ca: nginx.ca,
        });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const exitCodes: (number | null)[] = [];
        for (const [index, port] of ports.entries()) {
          // What a Kubernetes rolling update does: stop one, start its replacement, wait until it is ready.
          exitCodes.push(await instances[index]!.stop('SIGTERM'));
          instances[index] = await startServer({ ...env, PORT: String(port) });
          expect((await fetch(`${instances[index].url}/readyz`)).status).toBe(200);
          // As a Deployment's minReadySeconds would, before the next pod goes.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
        const result = await load.stop();
        const errorLog = nginx.errorLog().slice(logBefore);
        const upstreamProblems = errorLog.split('\n').filter((line) => line.trim() !== '' && !allowed.test(line));
        const refusedConnects = errorLog.split('\n').filter((line) => /connect\(\) failed \(111: Connection refused\)/.test(line)).length;
        console.log(
          `rolling restart ${round} through nginx: ${result.total} requests, ${JSON.stringify(result.statuses)}, failures ${JSON.stringify(result.errors)}; nginx: ${upstreamProblems.length} upstream errors other than refused connects, ${refusedConnects} refused connects retried`,
          ...upstreamProblems.slice(0, 5).map((line) => `\n  ${line}`),
        );
        expect(exitCodes).toEqual([0, 0]);
        expect(result.errors).toEqual({});
        expect(Object.keys(result.statuses).sort()).toEqual(['200', '404']);
        expect(result.total).toBeGreaterThan(1_000);
        expect(upstreamProblems).toEqual([]);
      }
    },
  );
});
