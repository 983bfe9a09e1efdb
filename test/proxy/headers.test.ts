// The answers nginx makes itself, in front of the site (deploy/nginx/hosting-site.conf): its 400, 413 and 429 carry
// the security headers a browser needs as the site's own answers do, and the site's pages keep the site's own, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxMissing, planNginx, type RunningNginx } from '../support/nginx.js';
import { openSocket, rawRequest, readUntilClose } from '../support/raw-http.js';
import { startServer, type RunningServer } from '../support/server.js';

const skip = nginxMissing();
if (skip) console.warn(skip);

/** A head's header fields, by lower-case name, each with every value it was sent with. */
function fields(head: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of head.split('\r\n').slice(1)) {
    const name = line.slice(0, line.indexOf(':')).toLowerCase();
    map.set(name, [...(map.get(name) ?? []), line.slice(line.indexOf(':') + 1).trim()]);
  }
  return map;
}

/** The headers that protect a visitor whatever the answer: the site's own values for them (its CSP aside, a page's). */
const shared = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];

describe.skipIf(skip)('nginx’s own answers', () => {
  let site: RunningServer;
  let nginx: RunningNginx;
  let port: number;
  beforeAll(async () => {
    const planned = await planNginx();
    site = await startServer({ SITE_URL: planned.siteUrl });
    nginx = await planned.start([site.port]);
    port = Number(new URL(nginx.httpUrl).port);
  });
  afterAll(async () => {
    await nginx?.stop();
    await site?.stop();
  });

  const request = (text: string) => rawRequest(port, text);

  it('carry the security headers: a 400, a 413 and a 429, each once', async () => {
    const direct = fields((await rawRequest(site.port, 'GET /%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).head);
    const answers = {
      400: await request('GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n'),
      413: await request(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n${'a'.repeat(100_000)}`),
      429: undefined as Awaited<ReturnType<typeof request>> | undefined,
    };
    // Past the burst of one address: nginx answers 429 itself.
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => request('GET /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')),
    );
    answers[429] = flood.find((answer) => answer.status === 429);
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer?.status).toBe(Number(status));
      const got = fields(answer!.head);
      for (const name of shared) expect(got.get(name), `${status}: ${name}`).toEqual(direct.get(name));
      expect(got.get('content-security-policy'), `${status}: CSP`).toEqual([expect.stringContaining("default-src 'none'")]);
      expect(got.get('cache-control'), `${status}: Cache-Control`).toEqual(['no-store']);
    }
    expect(fields(answers[429]!.head).get('retry-after')).toEqual(['1']);
  });

  it('leave the site’s own answers with the site’s own headers, once', async () => {
    const direct = fields((await rawRequest(site.port, 'GET /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).head);
    // A moment for the flood's limit to pass.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Not half-closed: nginx takes a client that hangs up before the answer for one gone (499).
    const socket = await openSocket(port);
    const answer = readUntilClose(socket);
    socket.write('GET /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const proxied = await answer;
    expect(proxied.status).toBe(200);
    const got = fields(proxied.head);
    for (const name of [...shared, 'content-security-policy', 'cache-control']) expect(got.get(name), name).toEqual(direct.get(name));
    expect(got.get('retry-after')).toBeUndefined();
  });
});
