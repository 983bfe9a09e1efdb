// No request target can make the site redirect to another host. A generated
// corpus of hostile targets (leading slashes and backslashes in every encoding,
// control characters, userinfo, ports, IP literals, absolute-form targets) is
// sent over raw TCP, where no client library can normalise it, to the real
// server in every shipped configuration, over plain HTTP and HTTPS as the load
// balancer reports them, with a hostile Host and X-Forwarded-Host. Every
// Location must stay on SITE_URL's origin as a browser would resolve it, and
// no answer may be a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { shippedConfigurations } from '../support/configurations.js';
import { startServer, type RunningServer } from '../support/server.js';

const hosts = [
  'evil.example',
  'evil.example:443',
  'evil.example%2F',
  'evil.example%2f%2f',
  '%09evil.example',
  'user@evil.example',
  'user:pw@evil.example',
  '@evil.example',
  '127.0.0.1',
  '127.0.0.1:8080',
  '[::1]',
  '0x7f000001',
  '2130706433',
  'evil%E3%80%82example',
];
const prefixes = [
  '//',
  '/\\',
  '\\\\',
  '\\/',
  '/%2F',
  '/%2f',
  '/%5C',
  '/%5c',
  '//%2F',
  '/%2F/',
  '/%09/',
  '/%0D%0A/',
  '/%00/',
  '///',
  '/\\/',
  '/%252F',
  '/.//',
  '/./\\',
  '/%2F%2F',
  '//\\',
  '/\t/',
];
const absolute = ['http://', 'https://', 'HTTP://', 'http:\\\\', 'http:/', 'ftp://'];
const suffixes = ['', '/', '/about/', '/?next=//evil.example'];

/** Every hostile target of the corpus, as it goes on the request line. */
export function hostileTargets(): string[] {
  const targets = new Set<string>();
  for (const host of hosts) {
    for (const suffix of suffixes) {
      for (const prefix of prefixes) targets.add(`${prefix}${host}${suffix}`);
      for (const scheme of absolute) targets.add(`${scheme}${host}${suffix}`);
    }
  }
  for (const path of ['/about//', '//about', '/about/%2F', '/%5Cabout/', '/about/\\']) targets.add(path);
  return [...targets];
}

/** Where a browser on the site would go with this Location. */
function resolvedOrigin(location: string, siteUrl: string): string {
  return new URL(location, `${siteUrl}/some/page`).origin;
}

async function sweep(
  server: RunningServer,
  headers: string,
): Promise<{ statuses: Map<number, number>; problems: string[]; redirects: number }> {
  const targets = hostileTargets();
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  let redirects = 0;
  let next = 0;
  const worker = async (siteUrl: string) => {
    while (next < targets.length) {
      const target = targets[next++]!;
      const response = await rawRequest(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: evil.example\r\nX-Forwarded-Host: evil.example\r\n${headers}Connection: close\r\n\r\n`,
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 0 || response.status >= 500) problems.push(`${JSON.stringify(target)} -> ${response.status}`);
      const location = response.head.match(/\r\nLocation: ([^\r]*)/i)?.[1];
      if (location === undefined) continue;
      redirects++;
      const origin = resolvedOrigin(location, siteUrl);
      const expected = new URL(siteUrl).origin;
      if (origin !== expected && origin !== expected.replace(/^http:/, 'https:'))
        problems.push(`${JSON.stringify(target)} -> Location ${location} (${origin})`);
      // Control characters are exactly what this looks for in a Location header.
      // eslint-disable-next-line no-control-regex
      if (/^[/\\]{2}|[\u0000-\u001f\u007f\\]/.test(location))
        problems.push(`${JSON.stringify(target)} -> unsafe Location ${JSON.stringify(location)}`);
    }
  };
  return Promise.all(Array.from({ length: 8 }, () => worker(siteUrlOf(server)))).then(() => ({ statuses, problems, redirects }));
}

const siteUrls = new WeakMap<RunningServer, string>();
const siteUrlOf = (server: RunningServer) => siteUrls.get(server)!;

describe.each(shippedConfigurations)('hostile redirect targets, $name', (configuration) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(configuration.env);
    siteUrls.set(server, configuration.siteUrl);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['as sent over HTTPS', 'X-Forwarded-Proto: https\r\n'],
    ['as sent over plain HTTP', 'X-Forwarded-Proto: http\r\n'],
  ])(
    `%s: ${hostileTargets().length} targets, every Location on SITE_URL, no 5xx`,
    async (_, headers) => {
      const { statuses, problems, redirects } = await sweep(server, headers);
      expect(problems).toEqual([]);
      // The corpus reached the redirects, not only the parser's refusals.
      expect(redirects).toBeGreaterThan(100);
      expect(statuses.get(301) ?? 0).toBeGreaterThan(100);
    },
    60_000,
  );

  it('logged no server error', () => {
    expect(server.stdout()).not.toMatch(/"level":"(error|fatal)"/);
    expect(server.stderr()).toBe('');
  });
});
