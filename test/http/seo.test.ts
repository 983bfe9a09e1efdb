// What search engines and link previews read: sitemap, robots.txt, canonical
// URLs, JSON-LD, the share image and icons, and security.txt.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { plans } from '../../shared/content/plans.js';
import terms from '../../shared/pages/terms/terms.legal.md';
import { indexableRoutes, routeById, routes } from '../../shared/routes.js';
import { readManifest } from '../../server/manifest.js';
import { icons, renderPng } from '../../server/images.js';
import { drawShareImage } from '../../server/share-image.js';
import { distDir, testApp, testConfig } from '../support/app.js';
import { meta } from '../support/html.js';
import { binary } from '../support/binary.js';
import { decodePng } from '../support/png.js';
import { labels } from '../support/labels.js';

const app = testApp({ SITE_URL: 'https://www.acme.example', BRAND_NAME: 'Acme <Cloud> & Co' });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function pngSize(png: Buffer): { width: number; height: number } {
  const { width, height } = decodePng(png);
  return { width, height };
}

describe('sitemap and robots', () => {
  it('lets caches keep robots.txt, the sitemap, security.txt and the manifest for an hour', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/.well-known/security.txt', '/site.webmanifest'])
      expect((await request(app).get(path).expect(200)).headers['cache-control'], path).toBe('public, max-age=3600');
  });

  it('lists every indexable page once, with its last change, and not the alias or the 404', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = indexableRoutes().map((r) => `https://www.acme.example${r.path}`);
    expect(locs).toEqual(expected);
    expect(res.text).not.toContain('/services/hosting<');
    expect(res.text).toMatch(new RegExp(`<loc>https://www\\.acme\\.example/terms</loc>\\s*<lastmod>${terms.updated}</lastmod>`));
  });

  it('robots.txt names the sitemap, and on staging disallows everything', async () => {
    expect((await request(app).get('/robots.txt').expect(200)).text).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://www.acme.example/sitemap.xml\n',
    );
    const staging = await request(testApp({ SITE_INDEXING: 'false' }))
      .get('/robots.txt')
      .expect(200);
    expect(staging.text).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('JSON-LD', () => {
  it('Home describes the organisation, with its support contact, and the website', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    const [organization, website] = jsonLd(html);
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme <Cloud> & Co',
      url: 'https://www.acme.example/',
    });
    expect(organization!.contactPoint).toMatchObject({
      '@type': 'ContactPoint',
      email: 'support@example.com',
      telephone: '+1 555 010 0100',
    });
    expect(website).toMatchObject({ '@type': 'WebSite', url: 'https://www.acme.example/' });
    // The brand's "<" cannot close the script element early.
    expect(html).toContain('Acme \\u003cCloud> & Co');
  });

  it('every page with a breadcrumb has a BreadcrumbList that says what the visible breadcrumb shows, with a URL for every item', async () => {
    // The search page has a breadcrumb too, but no place in a search engine's index.
    for (const route of routes.filter((r) => r.breadcrumb && !r.perRequest)) {
      const html = (await request(app).get(route.path).expect(200)).text;
      const list = jsonLd(html).find((b) => b['@type'] === 'BreadcrumbList') as {
        itemListElement: { position: number; name: string; item?: string }[];
      };
      // The breadcrumb as a visitor sees it: each crumb's text, and its link if it has one.
      const trail = new RegExp(`<nav aria-label="${labels.page.breadcrumb}">([\\s\\S]*?)</nav>`).exec(html)![1]!;
      const visible = [...trail.matchAll(/<li>(?:<a href="([^"]+)">|<span[^>]*>)([^<]+)</g)].map(([, href, label]) => ({ href, label }));
      expect(visible.map((crumb) => crumb.label)).toEqual(route.breadcrumb!.map((crumb) => crumb.label.replace('&', '&amp;')));
      expect(list.itemListElement.map((i) => i.position)).toEqual(visible.map((_, i) => i + 1));
      visible.forEach((crumb, i) => {
        const item = list.itemListElement[i]!;
        expect(item.name).toBe(route.breadcrumb![i]!.label);
        // Google rejects a list item without a URL, except the last: here the last one is the page itself.
        if (i < visible.length - 1) expect(item.item).toBe(`https://www.acme.example${crumb.href!}`);
        else expect(item.item).toBe(`https://www.acme.example${route.canonicalPath ?? route.path}`);
      });
      // Only the last crumb, the page itself, is without a link.
      expect(visible.slice(0, -1).every((crumb) => crumb.href)).toBe(true);
      expect(visible.at(-1)!.href).toBeUndefined();
    }
  });

  it('the Services crumb leads to the Services overview, which lists and links each service', async () => {
    const html = (await request(app).get('/services/custom-development').expect(200)).text;
    expect(html).toContain('<a href="/services">Services</a>');
    const overview = (await request(app).get('/services').expect(200)).text;
    for (const path of ['/services/shared-hosting', '/services/custom-development', '/services/maintenance'])
      expect(overview).toContain(`href="${path}"`);
    expect(overview).toMatch(/From \$\d+(\.\d{2})? a month/);
    expect((await request(app).get('/services/').expect(301)).headers.location).toBe('/services');
  });

  it('shared hosting is a Product with a monthly USD offer per plan', async () => {
    const blocks = jsonLd((await request(app).get('/services/shared-hosting').expect(200)).text);
    const product = blocks.find((b) => b['@type'] === 'Product') as {
      name: string;
      offers: { price: string; priceCurrency: string; priceSpecification: { unitCode: string } }[];
    };
    // The page's own name, from its front matter.
    expect(product.name).toBe(routeById('shared-hosting').label);
    expect(product.offers.map((o) => o.price)).toEqual(plans.map((p) => p.monthlyPrice.toFixed(2)));
    for (const offer of product.offers) {
      expect(offer.priceCurrency).toBe('USD');
      expect(offer.priceSpecification.unitCode).toBe('MON');
    }
  });

  it('Contact is a ContactPage', async () => {
    const blocks = jsonLd((await request(app).get('/contact').expect(200)).text);
    expect(blocks.find((b) => b['@type'] === 'ContactPage')).toMatchObject({ url: 'https://www.acme.example/contact' });
  });
});

describe('share image and icons', () => {
  it('serves a 1200×630 PNG, as the Open Graph tags say', async () => {
    const html = (await request(app).get('/about').expect(200)).text;
    expect(meta(html, 'og:image')).toBe('https://www.acme.example/og-image.png');
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height'), meta(html, 'og:image:type')]).toEqual([
      '1200',
      '630',
      'image/png',
    ]);
    expect(meta(html, 'og:image:alt')).toBe(labels.shareImage.alt);
    const res = await request(app).get('/og-image.png').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngSize(res.body)).toEqual({ width: 1200, height: 630 });
  });

  it('is exactly the card as drawn with the configured brand, every pixel opaque, in a PNG any viewer reads', async () => {
    const res = await request(app).get('/og-image.png').buffer(true).parse(binary).expect(200);
    const png = decodePng(res.body);
    expect(png.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(png.filters.every((filter) => filter === 0)).toBe(true);
    const drawn = await drawShareImage(testConfig({ BRAND_NAME: 'Acme <Cloud> & Co' }).site);
    expect([png.width, png.height]).toEqual([drawn.width, drawn.height]);
    expect(png.pixels.equals(drawn.pixels)).toBe(true);
    // resvg's pixels are premultiplied: they are the colours only where alpha is 255.
    for (let alpha = 3; alpha < png.pixels.length; alpha += 4)
      if (png.pixels[alpha] !== 255) expect.fail(`pixel ${(alpha - 3) / 4} is not opaque`);
    // Another brand is another card.
    const other = await drawShareImage(testConfig({ BRAND_NAME: 'Zed Hosting' }).site);
    expect(other.pixels.equals(drawn.pixels)).toBe(false);
  });

  it('sets a brand name longer than 22 characters in smaller type, and draws its <, & and quotes', async () => {
    /** The first row, from the top of the brand line's band, with a white pixel in it. */
    const capTop = async (brand: string) => {
      const { width, pixels } = await drawShareImage(testConfig({ BRAND_NAME: brand }).site);
      for (let y = 260; y < 360; y++) for (let x = 96; x < 400; x++) if (pixels.readUInt32BE((y * width + x) * 4) === 0xffffffff) return y;
      return undefined;
    };
    const [short, long] = [await capTop('H'.repeat(22)), await capTop('H'.repeat(23))];
    expect(short).toBeDefined();
    expect(long).toBeGreaterThan(short! + 8);
    // Characters that XML escapes are drawn, not dropped.
    const escaped = await drawShareImage(testConfig({ BRAND_NAME: `A<>&"'B` }).site);
    const without = await drawShareImage(testConfig({ BRAND_NAME: 'AB' }).site);
    expect(escaped.pixels.equals(without.pixels)).toBe(false);
  });

  it('lets caches keep the share image for a day', async () => {
    const res = await request(app).get('/og-image.png').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['/favicon.png', 48],
    ['/apple-touch-icon.png', 180],
    ['/icon-192.png', 192],
    ['/icon-512.png', 512],
  ])('serves %s at %i px', async (path, size) => {
    const res = await request(app).get(path).buffer(true).parse(binary).expect(200);
    expect(pngSize(res.body)).toEqual({ width: size, height: size });
  });

  it.each([
    ['favicon.png', 0],
    ['apple-touch-icon.png', 255],
    ['icon-192.png', 255],
    ['icon-512.png', 255],
  ])(
    'draws %s as the build source says: home-screen icons full squares (the platform rounds them), the favicon round-cornered',
    async (name, cornerAlpha) => {
      const served = (await request(app).get(`/${name}`).buffer(true).parse(binary).expect(200)).body as Buffer;
      expect(served.equals(renderPng(icons[name]!))).toBe(true);
      // The top-left pixel's opacity (never changed by a row filter).
      expect(decodePng(served).pixels[3]).toBe(cornerAlpha);
    },
  );

  it('links the favicon set, touch icon, manifest and theme colour from every page', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    for (const tag of [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
      '<link rel="manifest" href="/site.webmanifest"/>',
    ]) {
      expect(html).toContain(tag);
    }
    // One per colour scheme: the brand blue on a light system, the dark page's colour on a dark one.
    expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)" content="#1d4ed8"/>');
    expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b1220"/>');
  });

  it('the web app manifest names the brand (shortened to 12 characters for a home screen) and lists icons as they are served', async () => {
    const res = await request(app).get('/site.webmanifest').expect(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(res.text) as { icons: { src: string; type: string; sizes: string }[] };
    expect(manifest).toEqual({
      name: 'Acme <Cloud> & Co',
      short_name: 'Acme <Cloud>',
      start_url: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: '#1d4ed8',
      icons: expect.any(Array) as unknown,
    });
    // Each icon is there, of the type and size the manifest says.
    expect(manifest.icons.map((icon) => icon.src)).toEqual(['/favicon.svg', '/icon-192.png', '/icon-512.png']);
    for (const icon of manifest.icons) {
      const served = await request(app).get(icon.src).buffer(true).parse(binary).expect(200);
      expect(served.headers['content-type']?.split(';')[0]).toBe(icon.type);
      const size = icon.type === 'image/png' ? pngSize(served.body as Buffer) : undefined;
      expect(icon.sizes).toBe(size ? `${size.width}x${size.height}` : 'any');
    }
  });
});

describe('security.txt', () => {
  it('gives the configured contact and an expiry under a year after the build', async () => {
    const res = await request(app).get('/.well-known/security.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    // RFC 9116's fields, one per line; the expiry is checked below.
    expect(res.text.replace(/^Expires: .+$/m, 'Expires: …')).toBe(
      [
        'Contact: mailto:support@example.com',
        'Contact: https://portal.example.com/submitticket.php',
        'Expires: …',
        'Preferred-Languages: en',
        'Canonical: https://www.acme.example/.well-known/security.txt',
        'Policy: https://www.acme.example/aup',
        '',
      ].join('\n'),
    );
    const expires = new Date(res.text.match(/^Expires: (.+)$/m)![1]!);
    // Measured from the build, not from today: the test must not depend on the calendar.
    const days = (expires.getTime() - new Date(readManifest(distDir).builtAt).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    expect(days).toBeLessThan(366);
  });
});
