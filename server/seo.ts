// What crawlers and operators fetch besides pages (robots.txt, the sitemap, security.txt, the web app manifest), built
// at start-up from the route table and the configuration.
import { indexableRoutes } from '../shared/routes.js';
import { siteUrlOf, type SiteConfig } from '../shared/site-config.js';
import { externalLinks } from '../shared/links.js';
import { brandColours } from '../shared/brand.js';
import type { PreparedSource } from './prepared.js';

const text = (type: string, body: string): PreparedSource => ({
  status: 200,
  type,
  cacheControl: 'public, max-age=3600',
  body: Buffer.from(body),
});

export function seoFiles(site: SiteConfig, options: { indexing: boolean; builtAt: string }): Map<string, PreparedSource> {
  const url = (path: string) => siteUrlOf(site, path);
  const robots = options.indexing ? `User-agent: *\nAllow: /\n\nSitemap: ${url('/sitemap.xml')}\n` : 'User-agent: *\nDisallow: /\n';

  const entries = indexableRoutes().map(
    (route) => `  <url>\n    <loc>${url(route.path)}</loc>\n    <lastmod>${route.lastModified}</lastmod>\n  </url>`,
  );
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

  // RFC 9116 asks for an expiry under a year away; a build is not expected to live longer.
  const expires = new Date(new Date(options.builtAt).getTime() + 364 * 24 * 3600 * 1000).toISOString();
  const securityTxt = [
    `Contact: mailto:${site.supportEmail}`,
    `Contact: ${externalLinks(site).reportAbuse}`,
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    `Canonical: ${url('/.well-known/security.txt')}`,
    `Policy: ${url('/aup')}`,
    '',
  ].join('\n');

  const manifest = JSON.stringify({
    name: site.brandName,
    short_name: site.brandName.slice(0, 12),
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: brandColours.primary,
    icons: [
      { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
    ],
  });

  return new Map([
    ['/robots.txt', text('text/plain; charset=utf-8', robots)],
    ['/sitemap.xml', text('application/xml; charset=utf-8', sitemap)],
    ['/.well-known/security.txt', text('text/plain; charset=utf-8', securityTxt)],
    ['/site.webmanifest', text('application/manifest+json; charset=utf-8', manifest)],
  ]);
}
