// Everything prepared once at start-up from the build output and the live configuration, before the server listens: a
// page that cannot render stops the start-up, and so the deploy, instead of reaching a visitor.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetUrls } from '../shared/assets.js';
import { indexableRoutes, routes, type RouteDef, type RouteId } from '../shared/routes.js';
import type { Config } from './config.js';
import {
  addBrotli,
  developmentCompression,
  prepareResponse,
  releaseCompression,
  type CompressionLevels,
  type PreparedResponse,
  type PreparedSource,
} from './prepared.js';
import { publicFiles } from './assets.js';
import { shareImage } from './share-image.js';
import type { BuildManifest } from './manifest.js';
import { checkBannerTarget, checkIdsUnique } from './page-ids.js';
import { htmlCacheControl, renderToBuffer, type RenderOptions } from './render.js';
import { searchIndexOf } from './search-index.js';
import type { SearchEntry } from '../shared/search.js';
import { pageInlineCode, type InlineCode } from './security.js';
import { seoFiles } from './seo.js';

export interface PreparedSite {
  /** Responses by exact path: the files, and each 200 page at its route's path. */
  byPath: Map<string, PreparedResponse>;
  /** Each page by route, the not-found page included, for the paths React Router matches without being their exact path. */
  pages: Map<RouteId, PreparedResponse>;
  /** What the pages were rendered with (asset URLs, the search index's included; the inlined stylesheet); /search uses the same. */
  render: RenderOptions;
  renderSeconds: number[];
  searchIndex: SearchEntry[];
  /** The inline scripts and styles the pages carry, allowed by their hashes in the Content-Security-Policy. */
  inline: InlineCode;
  compression: CompressionLevels;
}

/** Adds the Brotli form of every body made at start-up (server/prepared.ts's addBrotli says why it comes after). */
export async function addBrotliForms(site: PreparedSite): Promise<void> {
  await Promise.all(
    [...new Set([...site.byPath.values(), ...site.pages.values()])].map((prepared) => addBrotli(prepared, site.compression)),
  );
}

const pageSource = (route: RouteDef, html: Buffer): PreparedSource => ({
  status: route.status,
  type: 'text/html; charset=utf-8',
  cacheControl: htmlCacheControl(route),
  body: html,
});

export async function prepareSite(config: Config, manifest: BuildManifest, publicDir: string): Promise<PreparedSite> {
  // The index follows from the build and the configuration, so their hash names it before the pages linking to it render.
  const indexHash = createHash('sha256')
    .update(manifest.buildId)
    .update(JSON.stringify(config.site))
    .digest('hex')
    .slice(0, 10)
    .toUpperCase();
  const assets: AssetUrls = { ...manifest, searchIndex: `/assets/search-index-${indexHash}.json` };
  const compression = config.env === 'development' ? developmentCompression : releaseCompression;
  const render: RenderOptions = { site: config.site, assets, styles: readFileSync(join(publicDir, manifest.stylesheet), 'utf8') };

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
    ...publicFiles(publicDir),
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
  const byPath = new Map(
    await Promise.all([...sources].map(async ([path, source]) => [path, await prepareResponse(source, compression)] as const)),
  );
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
  };
}
