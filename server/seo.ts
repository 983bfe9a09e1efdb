// What crawlers and operators fetch besides pages: robots.txt, the sitemap,
// security.txt (RFC 9116) and the web app manifest. Each body is built once,
// from the route table and the configuration.
import type { RequestHandler } from 'express';
import { indexableRoutes } from '../shared/routes.js';
import type { SiteConfig } from '../shared/site-config.js';

interface TextFile {
  type: string;
  body: string;
}

export function seoFiles(site: SiteConfig, options: { indexing: boolean; builtAt: string }): Map<string, TextFile> {
  const url = (path: string) => new URL(path, site.siteUrl).href;
  const robots = options.indexing ? `User-agent: *\nAllow: /\n\nSitemap: ${url('/sitemap.xml')}\n` : 'User-agent: *\nDisallow: /\n';

  const entries = indexableRoutes().map((route) => `  <url>\n    <loc>${url(route.path)}</loc>\n    <lastmod>${route.lastModified}</lastmod>\n  </url>`);
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

  // RFC 9116 asks for an expiry under a year away; a build is not expected to live longer.
  const expires = new Date(new Date(options.builtAt).getTime() + 364 * 24 * 3600 * 1000).toISOString();
  const securityTxt = [
    `Contact: mailto:${site.supportEmail}`,
    `Contact: ${new URL('/submitticket.php?department=abuse', `${site.clientPortalUrl}/`).href}`,
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
    theme_color: '#1d4ed8',
    icons: [
      { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
    ],
  });

  return new Map([
    ['/robots.txt', { type: 'text/plain; charset=utf-8', body: robots }],
    ['/sitemap.xml', { type: 'application/xml; charset=utf-8', body: sitemap }],
    ['/.well-known/security.txt', { type: 'text/plain; charset=utf-8', body: securityTxt }],
    ['/site.webmanifest', { type: 'application/manifest+json', body: manifest }],
  ]);
}

/** One handler per file, keyed by its path. */
export function seoHandlers(site: SiteConfig, options: { indexing: boolean; builtAt: string }): Map<string, RequestHandler> {
  return new Map(
    [...seoFiles(site, options)].map(([path, file]): [string, RequestHandler] => [
      path,
      (_req, res) => {
        res.setHeader('Content-Type', file.type);
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.send(file.body);
      },
    ]),
  );
}
