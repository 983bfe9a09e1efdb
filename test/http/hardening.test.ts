// Security headers and hostile or malformed requests: every request gets a
// deliberate answer and the headers a browser needs to protect visitors.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { pino } from 'pino';
import { helmetOptions, pageInlineCode } from '../../server/security.js';
import { createSite } from '../../server/app.js';
import { prepareSite } from '../../server/render-site.js';
import { readManifest } from '../../server/manifest.js';
import { distDir, testApp, testConfig } from '../support/app.js';
import { headerLines, rawRequest } from '../support/raw-http.js';
import { startServer } from '../support/server.js';
import { clientOf, shippedConfigurations } from '../support/configurations.js';
import { labels } from '../support/labels.js';
import { listenOnLoopback } from '../support/loopback.js';

const app = testApp();

function csp(header: string): Map<string, string> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]),
  );
}

describe('security headers', () => {
  it('are exactly what helmet itself sends as middleware, plus the Permissions-Policy, on pages and refusals alike', async () => {
    for (const env of [{}, { GTM_ID: 'GTM-ABC1234', HSTS_PRELOAD: 'true' }] as Record<string, string>[]) {
      const config = testConfig(env);
      const { render } = await prepareSite(config, readManifest(distDir), join(distDir, 'public'));
      const inline = pageInlineCode(render.site, render.styles);
      const reference = express()
        .use(helmet(helmetOptions({ site: config.site, hstsPreload: config.hstsPreload, inline })))
        .use((_req, res) => void res.end());
      const expected = (await request(reference).get('/')).headers;
      const helmetNames = Object.keys(expected).filter(
        (name) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
      );
      expect(helmetNames.length).toBeGreaterThan(7);
      const site = testApp(env);
      for (const res of [await request(site).get('/'), await request(site).get('/robots.txt'), await request(site).post('/')]) {
        for (const name of helmetNames) expect(res.headers[name], name).toBe(expected[name]);
        expect(res.headers['permissions-policy']).toContain('camera=()');
      }
    }
    // Each configuration prepares the whole site twice (the reference's inline code and the app): seconds alone, more on a busy machine.
  }, 90_000);

  it('a Content-Security-Policy that allows only what the site uses', async () => {
    const res = await request(app).get('/').expect(200);
    const policy = csp(String(res.headers['content-security-policy']));
    expect(policy.get('default-src')).toBe("'none'");
    // Exactly the page's inline code, each by its hash: the speculation rules
    // and the bootstrap script, the first paint's styles (JSON-LD and the site configuration are data blocks, which no browser runs).
    const hashes = (pattern: RegExp) =>
      [...res.text.matchAll(pattern)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    const scripts = hashes(/<script(?![^>]*application\/(?:ld\+)?json)(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g);
    const styles = hashes(/<style[^>]*>([\s\S]*?)<\/style>/g);
    expect(scripts).toHaveLength(2);
    expect(styles).toHaveLength(1);
    expect(policy.get('script-src')?.split(' ').sort()).toEqual(["'self'", ...scripts].sort());
    expect(policy.get('style-src')).toBe(["'self'", ...styles].join(' '));
    expect(policy.get('img-src')).toBe("'self' data:");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('font-src')).toBe("'self'");
    expect(policy.get('manifest-src')).toBe("'self'");
    expect(policy.get('form-action')).toBe("'self' https://portal.example.com https://lists.example.com");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    // Those directives and no others (helmet's defaults, such as upgrade-insecure-requests, are not added).
    expect([...policy.keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'manifest-src',
      'form-action',
      'frame-ancestors',
      'base-uri',
      'object-src',
    ]);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('allows the tag manager only when GTM_ID is set', async () => {
    const res = await request(testApp({ GTM_ID: 'GTM-ABC1234' }))
      .get('/')
      .expect(200);
    const policy = csp(String(res.headers['content-security-policy']));
    expect(policy.get('script-src')).toMatch(/^'self'( 'sha256-[^']+'){3} https:\/\/www\.googletagmanager\.com$/);
    expect(policy.get('img-src')).toBe("'self' data: https://www.googletagmanager.com https://*.google-analytics.com");
    expect(policy.get('connect-src')).toBe(
      "'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com",
    );
  });

  it('HSTS for two years, strict referrers, isolation, and no X-Powered-By', async () => {
    const res = await request(app).get('/about').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // No Cross-Origin-Embedder-Policy: require-corp would block the tag manager's scripts and pixels, which send no CORP header.
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // No header only browsers the site does not support read (they cost the first response's bytes).
    for (const legacy of ['x-download-options', 'x-xss-protection', 'x-permitted-cross-domain-policies', 'x-dns-prefetch-control']) {
      expect(res.headers[legacy]).toBeUndefined();
    }
    // Every powerful feature the site never uses, off for it and anything it could embed.
    expect(res.headers['permissions-policy']).toBe(
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), ' +
        'magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), ' +
        'usb=(), xr-spatial-tracking=()',
    );
    expect(res.headers['x-powered-by']).toBeUndefined();
    const preload = await request(testApp({ HSTS_PRELOAD: 'true' }))
      .get('/')
      .expect(200);
    expect(preload.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  });
});

describe('requests Node’s parser refuses, and CONNECT', () => {
  /** A head's header fields, by lower-case name. */
  const fields = (head: string) =>
    new Map(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
  /** What describes one answer rather than the site: these differ between a page and a refusal. */
  const perAnswer = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'cache-control', 'x-request-id']);

  it('carry the security headers the app sends on its own answers, the same values', async () => {
    const server = await startServer({ SITE_URL: 'https://www.hosting.example.org' });
    try {
      // The app's own 400 (a path that does not decode), beside the parser's.
      const appRefusal = await rawRequest(server.port, 'GET /%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(appRefusal.status).toBe(400);
      const expected = [...fields(appRefusal.head)].filter(([name]) => !perAnswer.has(name) && name !== 'vary');
      expect(expected.map(([name]) => name)).toContain('content-security-policy');
      for (const [request, status] of [
        ['GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n', 400],
        [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
        ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
      ] as const) {
        const refused = await rawRequest(server.port, request);
        expect(refused.status).toBe(status);
        const got = fields(refused.head);
        for (const [name, value] of expected) expect(got.get(name), `${status}: ${name}`).toBe(value);
      }
    } finally {
      await server.stop();
    }
  });
});

describe.each(shippedConfigurations)('malformed and hostile requests, $name', (configuration) => {
  const app = testApp(configuration.env);
  const { get } = clientOf(app, configuration);

  it('answers every refusal, redirect and error with the security headers', async () => {
    for (const [path, status] of [
      ['/%', 400],
      ['/%E0%A4%A', 400],
      [`/${'a'.repeat(3000)}`, 414],
      ['/about/', 301],
      ['/no-such-page', 404],
      ['/assets/missing.js', 404],
    ] as const) {
      const res = await get(path).expect(status);
      if (status === 400 || status === 414) expect(res.text, path).toMatch(/^(Bad Request|URI Too Long)\n$/);
      expect(res.headers['content-security-policy'], path).toContain("default-src 'none'");
      expect(res.headers['strict-transport-security'], path).toBeDefined();
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      if (status === 301) expect(res.headers['cache-control'], path).toBe('public, max-age=3600');
    }
  });

  /** The site listening on loopback, and a GET of / sent as raw bytes: Host, the configuration's proxy headers, then `head` and `body` as given. */
  async function rawSite() {
    const server = createServer(app);
    const port = await listenOnLoopback(server);
    const forwarded = headerLines(configuration.headers);
    const send = (head: string, body = '') => rawRequest(port, `GET / HTTP/1.1\r\nHost: a.example\r\n${forwarded}${head}\r\n${body}`);
    return { send, close: () => server.close() };
  }

  it('answers two Host headers with 400 (RFC 9112), sent over raw TCP as no client library would', async () => {
    const { send, close } = await rawSite();
    const twice = await send('Host: b.example\r\n');
    const once_ = await send('');
    close();
    expect(twice.status).toBe(400);
    expect(once_.status).toBe(200);
  });

  it('reads the framing of a request as it is sent: a body is refused, an empty one is none, a Host is a Host', async () => {
    const { send, close } = await rawSite();
    try {
      // A chunked body on a GET: refused before it is read (Node reads and discards it after); no Allow, as GET is allowed.
      const chunked = await send('Transfer-Encoding: chunked\r\n', '3\r\nabc\r\n0\r\n\r\n');
      expect(chunked.status).toBe(413);
      expect(chunked.head).not.toMatch(/\r\nAllow:/i);
      expect((await send('Content-Length: 3\r\n', 'abc')).status).toBe(413);
      // Content-Length: 0 is no body at all, however it is written.
      expect((await send('Content-Length: 0\r\n')).status).toBe(200);
      expect((await send('Content-Length: 00\r\n')).status).toBe(200);
      // Another four-letter header is not a second Host.
      expect((await send('From: bot@example.com\r\nDate: Tue, 24 Nov 2026 08:00:00 GMT\r\n')).status).toBe(200);
    } finally {
      close();
    }
  });

  it('answers malformed percent-encoding with 400', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/about%zz', '/services/%C0%AF']) {
      const res = await get(path).expect(400);
      expect(res.text).toBe('Bad Request\n');
    }
  });

  it('answers an over-long URL with 414', async () => {
    await get(`/${'a'.repeat(3000)}`).expect(414);
    await get(`/?q=${'a'.repeat(3000)}`).expect(414);
    // 2,048 characters are the limit, and within it.
    await get(`/${'a'.repeat(2047)}`).expect(404);
    await get(`/${'a'.repeat(2048)}`).expect(414);
  });

  it('refuses a body sent to a page with 405 and the allowed methods', async () => {
    for (const method of ['post', 'put', 'delete', 'patch', 'options'] as const) {
      const res = await request(app)[method]('/contact').send('name=x').expect(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('sends trailing and repeated slashes to the canonical path, keeping the query', async () => {
    for (const [from, to] of [
      ['/about/', '/about'],
      ['//about', '/about'],
      ['/services//shared-hosting/', '/services/shared-hosting'],
      ['/about/?ref=mail', '/about?ref=mail'],
      ['//evil.example/', '/evil.example'],
      ['/%5Cevil.example/', '/%5Cevil.example'],
    ]) {
      const res = await get(from!).expect(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('answers a page the same whatever its query string', async () => {
    const plain = await get('/services/shared-hosting').expect(200);
    const queried = await get('/services/shared-hosting?utm_source=x&billing=yearly&<script>').expect(200);
    expect(queried.headers.etag).toBe(plain.headers.etag);
    expect(queried.text).toBe(plain.text);
  });

  it('never leaves the assets folder, whatever the encoding', async () => {
    for (const path of [
      '/assets/../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/..%2fserver%2findex.js',
      '/assets/%252e%252e/manifest.json',
    ]) {
      const res = await get(path);
      expect([400, 404]).toContain(res.status);
      expect(res.text).not.toContain('"name": "hosting-site"');
      expect(res.text).not.toContain('"buildId"');
    }
  });
});

describe('a page that fails to render', () => {
  // A build whose manifest lost its illustrations: the pages that show one cannot render.
  const manifest = readManifest(distDir);
  const broken = { ...manifest, animations: {} as typeof manifest.animations };

  it('stops the start-up, naming nothing but the failure, instead of reaching a visitor', async () => {
    await expect(prepareSite(testConfig(), broken, join(distDir, 'public'))).rejects.toThrow();
  });

  it('rendered per request, answers 500 with the plain error page, the security headers and no cache, and no detail', async () => {
    const config = testConfig({ FORCE_HTTPS: 'true', TRUST_PROXY: '1' });
    const prepared = await prepareSite(config, manifest, join(distDir, 'public'));
    // A render that fails at request time: the search page without its site configuration.
    prepared.render.site = undefined as unknown as typeof prepared.render.site;
    const site = createSite(config, { prepared, logger: pino({ level: 'silent' }), lifecycle: { phase: 'ready' } });
    const res = await request(site).get('/search?q=plans').set('X-Forwarded-Proto', 'https').expect(500);
    expect(res.text).toContain(labels.serverError.title);
    expect(res.text).not.toMatch(/at \w|Error:|animations/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers.vary).toMatch(/X-Forwarded-Proto/);
  });
});

describe('behind the load balancer', () => {
  it('redirects plain HTTP to the https site when FORCE_HTTPS is on, trusting one proxy hop', async () => {
    const forced = testApp({ FORCE_HTTPS: 'true', TRUST_PROXY: '1' });
    const res = await request(forced).get('/about?x=1').set('X-Forwarded-Proto', 'http').expect(301);
    expect(res.headers.location).toBe('https://www.example.com/about?x=1');
    await request(forced).get('/about').set('X-Forwarded-Proto', 'https').expect(200);
    await request(forced).get('/livez').set('X-Forwarded-Proto', 'http').expect(200);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await request(app).get('/').set('X-Request-Id', 'lb-1234.abc').expect(200);
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const hostile = await request(app).get('/').set('X-Request-Id', '<script>alert(1)</script>').expect(200);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The whole id must be sane, not some part of it, and at most 128 characters.
    for (const id of ['lb-1234<', '>lb-1234', 'a'.repeat(129)]) {
      const res = await request(app).get('/').set('X-Request-Id', id).expect(200);
      expect(res.headers['x-request-id'], id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await request(app).get('/').set('X-Request-Id', 'a'.repeat(128))).headers['x-request-id']).toBe('a'.repeat(128));
  });

  it('tells search engines to stay away from a staging site', async () => {
    const staging = testApp({ SITE_INDEXING: 'false' });
    const res = await request(staging).get('/').expect(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Answers made by Express too: a redirect, a missing asset.
    expect((await request(staging).get('/about/').expect(301)).headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await request(staging).get('/assets/gone.js').expect(404)).headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await request(app).get('/')).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('cacheable HTML', () => {
  it('carries a strong ETag and answers 304 to If-None-Match', async () => {
    const first = await request(app).get('/terms').set('Accept-Encoding', 'br').expect(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+-br"$/);
    await request(app).get('/terms').set('Accept-Encoding', 'br').set('If-None-Match', String(first.headers.etag)).expect(304);
    const gzip = await request(app).get('/terms').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(first.headers.etag);
    const identity = await request(app).get('/terms').set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(gzip.text);
  });

  it('prefers Brotli, honours q=0, and falls back to identity', async () => {
    const br = await request(app).get('/').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const noBr = await request(app).get('/').set('Accept-Encoding', 'br;q=0, gzip');
    expect(noBr.headers['content-encoding']).toBe('gzip');
    // Parameter names are case-insensitive (RFC 9110 §5.6.6).
    const noBrUpper = await request(app).get('/').set('Accept-Encoding', 'br;Q=0, gzip');
    expect(noBrUpper.headers['content-encoding']).toBe('gzip');
    const garbage = await request(app).get('/').set('Accept-Encoding', ';;q=x,,');
    expect(garbage.headers['content-encoding']).toBeUndefined();
  });
});
