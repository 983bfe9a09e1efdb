// Every page rendered and compressed, with the SEO files, the share image and the search index made from them: at build
// for the build's configuration (scripts/prepare-pages.ts), at start-up for another (server/start.ts).
import { indexableRoutes, routes, type RouteDef, type RouteId } from '../shared/routes.js';
import type { Config } from './config.js';
import { prepareResponse, type PreparedResponse, type PreparedSource } from './prepared.js';
import { shareImage } from './share-image.js';
import type { BuildManifest } from './manifest.js';
import { checkBannerTarget, checkIdsUnique } from './page-ids.js';
import { htmlCacheControl, renderToBuffer } from './render.js';
import { searchIndexOf } from './search-index.js';
import { pageInlineCode } from './security.js';
import { seoFiles } from './seo.js';
import { join } from 'node:path';
import { compressionFor, preparedFiles, renderOptionsFor, type PreparedSite } from './prepared-site.js';

const pageSource = (route: RouteDef, html: Buffer): PreparedSource => ({
  status: route.status,
  type: 'text/html; charset=utf-8',
  cacheControl: htmlCacheControl(route),
  body: html,
});

export async function prepareSite(config: Config, manifest: BuildManifest, publicDir: string): Promise<PreparedSite> {
  const render = renderOptionsFor(config, manifest, publicDir);
  const { assets } = render;
  const compression = compressionFor(config);

  const sharing = shareImage(config.site);
  // One after another, so each page's render time is its own; its gzip form is made on the thread pool meanwhile.
  const rendered: { route: RouteDef; html: Buffer; text: string; seconds: number; prepared?: Promise<PreparedResponse> }[] = [];
  for (const route of routes) {
    const started = process.hrtime.bigint();
    const html = await renderToBuffer(route, render);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const text = html.toString();
    const folder = join('shared', 'pages', route.id);
    checkIdsUnique(route.path === '*' ? 'the not-found page' : route.path, text, folder);
    checkBannerTarget(text, route.bannerLink?.href, folder);
    // A page rendered per request was rendered here only to stop a start-up it would fail. A page the same to the byte
    // as one before it (an older address of the same page) shares its response: its compressed forms are made once.
    const same = rendered.find((earlier) => earlier.route.status === route.status && earlier.html.equals(html));
    rendered.push({
      route,
      html,
      text,
      seconds,
      prepared: route.perRequest ? undefined : (same?.prepared ?? prepareResponse(pageSource(route, html), compression)),
    });
  }
  const indexed = new Set(indexableRoutes());
  const searchIndex = searchIndexOf(
    rendered.filter(({ route }) => indexed.has(route)).map(({ route, text }) => ({ route, html: text })),
    config.site,
  );

  const sources = new Map<string, PreparedSource>([
    ...seoFiles(config.site, { indexing: config.indexing, builtAt: manifest.builtAt }),
    await sharing,
    [
      assets.searchIndex,
      {
        status: 200,
        type: 'application/json; charset=utf-8',
        cacheControl: 'public, max-age=31536000, immutable',
        body: Buffer.from(JSON.stringify(searchIndex)),
      },
    ],
  ]);
  const byPath = new Map([
    ...(await preparedFiles(publicDir, compression)),
    ...(await Promise.all([...sources].map(async ([path, source]) => [path, await prepareResponse(source, compression)] as const))),
  ]);
  const pages = new Map<RouteId, PreparedResponse>();
  for (const { route, prepared } of rendered) {
    if (!prepared) continue;
    const response = await prepared;
    pages.set(route.id, response);
    if (route.status === 200) byPath.set(route.path, response);
  }
  return {
    byPath,
    pages,
    render,
    renderSeconds: rendered.map(({ seconds }) => seconds),
    searchIndex,
    inline: pageInlineCode(config.site, render.styles),
    compression,
    preparedBy: 'start-up',
  };
}
