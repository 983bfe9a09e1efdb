// Each redirect the site builds, in-process, to the byte: one address per page,
// and plain HTTP behind the load balancer sent to HTTPS on the site's own host.
// Requests go over raw TCP, so the target arrives exactly as written.
// (test/http/redirects.test.ts sweeps 1,500 hostile targets through the built
// server; this one states what each rule answers.)
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { reachedOverHttps } from '../../server/redirects.js';
import { testSite } from '../support/app.js';
import { headerLines, rawRequest, type RawResponse } from '../support/raw-http.js';
import { listenOnLoopback } from '../support/loopback.js';

async function listening(env: Record<string, string>): Promise<{ server: Server; port: number }> {
  const server = createServer(await testSite(env));
  return { server, port: await listenOnLoopback(server) };
}

const header = (response: RawResponse, name: string) => response.head.match(new RegExp(`\\r\\n${name}: ([^\\r]*)`, 'i'))?.[1];

function get(port: number, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(port, `GET ${target} HTTP/1.1\r\n${headerLines({ Host: 'evil.example', ...headers })}Connection: close\r\n\r\n`);
}

describe('one address per page (every configuration)', () => {
  let site: { server: Server; port: number };
  beforeAll(async () => (site = await listening({})));
  afterAll(() => site.server.close());

  it.each([
    ['/about/', '/about'],
    ['//about', '/about'],
    ['/about//', '/about'],
    ['/services//shared-hosting/', '/services/shared-hosting'],
    ['/about/?ref=mail&x=1', '/about?ref=mail&x=1'],
    ['//evil.example/', '/evil.example'],
    ['//evil.example//about/', '/evil.example/about'],
    ['/\\evil.example/', '/%5Cevil.example'],
    ['/about/?next=\\evil', '/about?next=%5Cevil'],
    ['http://evil.example/about/', '/about'],
    ['http://evil.example//about?x=1', '/about?x=1'],
    ['https://evil.example/services/shared-hosting/', '/services/shared-hosting'],
  ])('%s → 301 %s, cached for an hour', async (target, location) => {
    const response = await get(site.port, target);
    expect(response.status).toBe(301);
    expect(header(response, 'Location')).toBe(location);
    expect(header(response, 'Cache-Control')).toBe('public, max-age=3600');
  });

  it.each(['/', '/about', '/about?x=1', '/services/shared-hosting', '/no-such-page'])(
    '%s is already canonical: no redirect',
    async (target) => {
      const response = await get(site.port, target);
      expect([200, 404]).toContain(response.status);
      expect(header(response, 'Location')).toBeUndefined();
    },
  );

  it.each([
    ['http://evil.example/about', 200],
    ['http://evil.example/', 200],
    ['http://evil.example/no-such-page', 404],
  ])('answers an absolute-form target %s as the path it names (%i), whatever its host', async (target, status) => {
    const response = await get(site.port, target);
    expect(response.status).toBe(status);
    expect(header(response, 'Location')).toBeUndefined();
  });

  it('answers plain HTTP without a redirect when HTTPS is not forced, whatever the proxy says', async () => {
    const response = await get(site.port, '/about', { 'X-Forwarded-Proto': 'http' });
    expect(response.status).toBe(200);
    expect(header(response, 'Vary')).not.toMatch(/X-Forwarded-Proto/i);
  });
});

describe('behind the load balancer, with FORCE_HTTPS', () => {
  let site: { server: Server; port: number };
  let untrusting: { server: Server; port: number };
  beforeAll(async () => {
    site = await listening({ FORCE_HTTPS: 'true', TRUST_PROXY: '1', SITE_URL: 'https://www.hosting.example.org' });
    untrusting = await listening({ FORCE_HTTPS: 'true', TRUST_PROXY: '0', SITE_URL: 'https://www.hosting.example.org' });
  });
  afterAll(() => {
    site.server.close();
    untrusting.server.close();
  });

  it.each([
    ['/about', 'https://www.hosting.example.org/about'],
    ['/', 'https://www.hosting.example.org/'],
    ['/about/?x=1', 'https://www.hosting.example.org/about?x=1'],
    ['//evil.example/', 'https://www.hosting.example.org/evil.example'],
    ['/\\evil.example/', 'https://www.hosting.example.org/%5Cevil.example'],
    ['http://evil.example/about', 'https://www.hosting.example.org/about'],
    ['http://evil.example/about/', 'https://www.hosting.example.org/about'],
  ])('plain HTTP to %s → one 301 to %s, never stored', async (target, location) => {
    const response = await get(site.port, target, { 'X-Forwarded-Proto': 'http', 'X-Forwarded-Host': 'evil.example' });
    expect(response.status).toBe(301);
    expect(header(response, 'Location')).toBe(location);
    expect(header(response, 'Cache-Control')).toBe('no-store');
    expect(header(response, 'Vary')).toMatch(/X-Forwarded-Proto/i);
  });

  // Schemes are case-insensitive (RFC 9110 §4.2.3): "HTTPS" redirected to itself forever.
  it.each(['https', 'https, http', ' https ', 'https,http', 'https , http', 'HTTPS', 'Https, http'])(
    'X-Forwarded-Proto "%s" from the trusted proxy is HTTPS: the page, which says it varies',
    async (proto) => {
      const response = await get(site.port, '/about', { 'X-Forwarded-Proto': proto });
      expect(response.status).toBe(200);
      expect(header(response, 'Vary')).toMatch(/X-Forwarded-Proto/i);
    },
  );

  it.each(['http', 'http, https', 'HTTP, https', 'ftp', 'httpsx', ''])('X-Forwarded-Proto "%s" is not HTTPS: redirected', async (proto) => {
    const response = await get(site.port, '/about', { 'X-Forwarded-Proto': proto });
    expect(response.status).toBe(301);
  });

  it('a request without X-Forwarded-Proto came over the connection it arrived on: plain HTTP, redirected', async () => {
    const response = await get(site.port, '/about');
    expect(response.status).toBe(301);
  });

  it('does not take X-Forwarded-Proto from a peer it does not trust', async () => {
    const response = await get(untrusting.port, '/about', { 'X-Forwarded-Proto': 'https' });
    expect(response.status).toBe(301);
    expect(header(response, 'Location')).toBe('https://www.hosting.example.org/about');
  });

  it('answers the health probes over plain HTTP, without a redirect', async () => {
    for (const path of ['/livez', '/readyz']) expect((await get(site.port, path, { 'X-Forwarded-Proto': 'http' })).status).toBe(200);
  });
});

describe('how the protocol is read', () => {
  const request = (encrypted: boolean, headers: Record<string, string | undefined> = {}, remoteAddress: string | undefined = '127.0.0.1') =>
    ({ socket: encrypted ? { encrypted, remoteAddress } : { remoteAddress }, headers }) as unknown as Parameters<
      typeof reachedOverHttps
    >[0];
  const trustAll = () => true;
  const trustNone = () => false;

  it('an untrusted peer is believed only about its own connection', () => {
    expect(reachedOverHttps(request(true), trustNone)).toBe(true);
    expect(reachedOverHttps(request(false, { 'x-forwarded-proto': 'https' }), trustNone)).toBe(false);
    expect(reachedOverHttps(request(true, { 'x-forwarded-proto': 'http' }), trustNone)).toBe(true);
  });

  it('a trusted peer speaks for the client, its first value counting; without the header, the connection does', () => {
    expect(reachedOverHttps(request(false, { 'x-forwarded-proto': 'https' }), trustAll)).toBe(true);
    expect(reachedOverHttps(request(true, { 'x-forwarded-proto': 'http' }), trustAll)).toBe(false);
    expect(reachedOverHttps(request(false, { 'x-forwarded-proto': 'HTTPS' }), trustAll)).toBe(true);
    expect(reachedOverHttps(request(true, { 'x-forwarded-proto': 'HTTP' }), trustAll)).toBe(false);
    expect(reachedOverHttps(request(true), trustAll)).toBe(true);
    expect(reachedOverHttps(request(true, { 'x-forwarded-proto': '' }), trustAll)).toBe(true);
    expect(reachedOverHttps(request(false), trustAll)).toBe(false);
  });

  it('asks the trust function about the peer address at hop 0', () => {
    const asked: [string, number][] = [];
    reachedOverHttps(request(false, { 'x-forwarded-proto': 'https' }, '10.0.0.9'), (address, hop) => (asked.push([address, hop]), true));
    expect(asked).toEqual([['10.0.0.9', 0]]);
    asked.length = 0;
    const unknownPeer = { socket: {}, headers: {} } as unknown as Parameters<typeof reachedOverHttps>[0];
    reachedOverHttps(unknownPeer, (address, hop) => (asked.push([address, hop]), false));
    expect(asked).toEqual([['', 0]]);
  });
});
