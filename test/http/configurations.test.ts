// What each shipped configuration changes in the answers, said as what it must
// be; and what none of them may do: make a page's bytes depend on a request
// header that Vary does not name, so that a CDN can never serve one visitor's
// variant to another.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { indexableRoutes } from '../../shared/routes.js';
import { facts } from '../../shared/content/facts.js';
import { testApp, testConfig } from '../support/app.js';
import { visibleText } from '../support/html.js';
import { clientOf, shippedConfigurations } from '../support/configurations.js';
import { labels } from '../support/labels.js';

const paths = [...indexableRoutes().map((route) => route.path), '/services/hosting', '/no-such-page'];

/** Request headers a visitor, a crawler or a proxy may send, none of which may change a page unless Vary says so. */
const variants: Record<string, string>[] = [
  { Host: 'evil.example' },
  { 'X-Forwarded-Host': 'evil.example' },
  { 'X-Forwarded-For': '198.51.100.23' },
  { 'X-Forwarded-Proto': 'http' },
  { 'X-Forwarded-Port': '8443' },
  { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  { 'User-Agent': 'facebookexternalhit/1.1' },
  { 'Sec-GPC': '1' },
  { Cookie: 'consent=yes' },
];

/** The headers that describe the representation (the rest, Date and X-Request-Id, differ per request). */
const representation = ['content-type', 'cache-control', 'etag', 'content-security-policy', 'x-robots-tag', 'location'];

describe.each(shippedConfigurations)('$name', (configuration) => {
  const app = testApp(configuration.env);
  const { get, head: headOf } = clientOf(app, configuration);

  it('serves the same bytes whatever the request headers, except those named in Vary', async () => {
    for (const path of paths) {
      const baseline = await get(path).set('Accept-Encoding', 'identity');
      const vary = (baseline.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);
      for (const variant of variants) {
        const name = Object.keys(variant)[0]!.toLowerCase();
        if (vary.includes(name)) continue;
        const res = await get(path).set('Accept-Encoding', 'identity').set(variant);
        const where = `${path} with ${JSON.stringify(variant)}`;
        expect(res.status, where).toBe(baseline.status);
        expect(res.text, where).toBe(baseline.text);
        for (const header of representation) expect(res.headers[header], `${where}: ${header}`).toBe(baseline.headers[header]);
      }
    }
  });

  if (configuration.forceHttps) {
    it('sends plain HTTP to the same path on SITE_URL over HTTPS, says so in Vary, and lets no cache keep the upgrade', async () => {
      for (const path of ['/', '/about', '/about/?ref=mail', '/no-such-page']) {
        const res = await request(app)
          .get(path)
          .set('X-Forwarded-Proto', 'http')
          .set('Host', 'evil.example')
          .set('X-Forwarded-Host', 'evil.example')
          .expect(301);
        expect(res.headers.location).toBe(`${configuration.siteUrl}${path.replace('/?', '?')}`);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers.vary).toMatch(/X-Forwarded-Proto/);
        expect(res.headers['strict-transport-security']).toBeDefined();
      }
      const page = await get('/about').expect(200);
      expect(page.headers.vary).toMatch(/X-Forwarded-Proto/);
      // Probes come over plain HTTP from inside the cluster.
      await request(app).get('/livez').set('X-Forwarded-Proto', 'http').expect(200);
      await request(app).get('/readyz').set('X-Forwarded-Proto', 'http').expect(200);
    });
  } else {
    it('serves plain HTTP as it is (TLS is the load balancer’s business)', async () => {
      const res = await request(app).get('/about').set('X-Forwarded-Proto', 'http').expect(200);
      expect(res.headers.vary).not.toMatch(/X-Forwarded-Proto/);
    });
  }

  it(configuration.indexing ? 'lets search engines index' : 'asks search engines to stay away on every answer', async () => {
    for (const path of ['/', '/no-such-page', '/robots.txt', '/favicon.svg']) {
      const res = await get(path);
      expect(res.headers['x-robots-tag']).toBe(configuration.indexing ? undefined : 'noindex, nofollow');
    }
    const robots = (await get('/robots.txt').expect(200)).text;
    if (configuration.indexing) expect(robots).toContain(`Sitemap: ${configuration.siteUrl}/sitemap.xml`);
    else expect(robots).toBe('User-agent: *\nDisallow: /\n');
  });

  it(configuration.gtmId ? 'names the tag manager in the page and allows it in the CSP' : 'has no analytics anywhere', async () => {
    const res = await get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    if (configuration.gtmId) {
      expect(res.text).toContain(`data-gtm-id="${configuration.gtmId}" data-analytics-consent="required"`);
      // Hidden until the client can answer it: without JavaScript nothing loads, so there is nothing to choose.
      expect(res.text).toContain(
        '<button type="button" class="footer-link-button" data-consent-settings="true" hidden="">Cookie settings</button>',
      );
      expect(csp).toContain('https://www.googletagmanager.com');
    } else {
      expect(res.text).not.toContain('data-gtm-id');
      expect(res.text).not.toContain('data-analytics-consent');
      expect(res.text).not.toContain(labels.consent.settings);
      expect(csp).not.toContain('googletagmanager');
    }
  });

  it('says in the Privacy Policy what this configuration does with analytics', async () => {
    const text = visibleText((await get('/privacy').expect(200)).text);
    const { site } = testConfig(configuration.env);
    expect(text).toContain(facts.analyticsPolicy(site));
    // Not what the site would say with analytics the other way round.
    expect(text).not.toContain(facts.analyticsPolicy({ ...site, gtmId: site.gtmId ? undefined : 'GTM-T3ST123' }));
  });

  it('answers pages from memory with a strong ETag per encoding', async () => {
    const res = await get('/terms').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toMatch(/^"[\w-]+-gz"$/);
    await get('/terms').set('Accept-Encoding', 'gzip').set('If-None-Match', String(res.headers.etag)).expect(304);
    // Every encoding carries the same document, and a HEAD the headers its GET would have.
    const identity = await get('/terms').set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['gzip', 'br']) {
      const compressed = await get('/terms').set('Accept-Encoding', encoding).expect(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.text).toBe(identity.text);
      const head = await headOf('/terms').set('Accept-Encoding', encoding).expect(200);
      expect(head.headers['content-encoding']).toBe(encoding);
      expect(head.headers.vary).toBe(compressed.headers.vary);
    }
  });
});
