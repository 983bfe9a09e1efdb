// The table of prepared answers, made once at start-up from the build output
// and the live configuration, before the server listens: every page rendered
// (a page that cannot render stops the start-up, and so the deploy, instead
// of reaching a visitor), the public files, the SEO files, the share image and
// the search index.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetUrls } from '../shared/assets.js';
import { indexableRoutes, routes, type RouteDef, type RouteId } from '../shared/routes.js';
import type { Config } from './config.js';
import { prepareAnswer, type AnswerSource, type CommonHeaders, type PreparedAnswer } from './answers.js';
import { publicFiles } from './assets.js';
import { shareImage } from './images.js';
import type { BuildManifest } from './manifest.js';
import { htmlCacheControl, renderToBuffer, type RenderOptions } from './render.js';
import { searchIndexOf } from './search-index.js';
import type { SearchEntry } from '../shared/search.js';
import { pageInlineCode, securityHeaderList } from './security.js';
import { seoFiles } from './seo.js';

export interface AnswerTable {
  /** Answers by exact path: files, and each page at its route's path when pages are prepared. */
  byPath: Map<string, PreparedAnswer>;
  /** Each page by route, the not-found page included; empty when PAGE_CACHE=false (pages stream per request). */
  pages: Map<RouteId, PreparedAnswer>;
  /** What the pages were rendered with (asset URLs, the search index's included; the inlined stylesheet); streamed pages use the same. */
  render: RenderOptions;
  /** How long each page took to render into the table, in seconds (the metrics report them). */
  renderSeconds: number[];
  /** The site search's index, which the search page searches and the panel fetches (at render.assets.searchIndex). */
  searchIndex: SearchEntry[];
  /** helmet's headers, with the hashes of the inline code those pages carry: every answer sends them. */
  securityHeaders: [string, string][];
}

/** Headers every answer carries, as the middleware in front of the answers sets them. */
function commonHeaders(config: Config, securityHeaders: [string, string][]): CommonHeaders {
  return {
    headers: [...securityHeaders, ...(config.indexing ? [] : [['X-Robots-Tag', 'noindex, nofollow'] as [string, string]])],
    vary: config.forceHttps ? ['X-Forwarded-Proto'] : [],
  };
}

const pageSource = (route: RouteDef, html: Buffer): AnswerSource => ({
  status: route.status,
  type: 'text/html; charset=utf-8',
  cacheControl: htmlCacheControl(route),
  body: html,
});

export async function prepareAnswers(config: Config, manifest: BuildManifest, publicDir: string): Promise<AnswerTable> {
  // The index's content follows from the build and the configuration, so a
  // hash of the two names it before the pages that link to it are rendered.
  const indexHash = createHash('sha256')
    .update(manifest.buildId)
    .update(JSON.stringify(config.site))
    .digest('hex')
    .slice(0, 10)
    .toUpperCase();
  const assets: AssetUrls = { ...manifest, searchIndex: `/assets/search-index-${indexHash}.json` };
  const render: RenderOptions = { site: config.site, assets, styles: readFileSync(join(publicDir, manifest.stylesheet), 'utf8') };
  const securityHeaders = securityHeaderList({
    site: config.site,
    hstsPreload: config.hstsPreload,
    inline: pageInlineCode(config.site, assets, render.styles),
  });

  const sharing = shareImage(config.site);
  // One after another, so that each page's render time is its own (the
  // metrics report them); rendered together they take no less in all.
  const rendered: { route: RouteDef; html: Buffer; seconds: number }[] = [];
  for (const route of routes) {
    const started = process.hrtime.bigint();
    const html = await renderToBuffer(route, render);
    rendered.push({ route, html, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
  }
  const indexed = new Set(indexableRoutes());
  const searchIndex = searchIndexOf(
    rendered.filter(({ route }) => indexed.has(route)).map(({ route, html }) => ({ route, html: html.toString() })),
    config.site,
  );

  const sources = new Map<string, AnswerSource>([
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

  const common = commonHeaders(config, securityHeaders);
  const byPath = new Map(
    await Promise.all([...sources].map(async ([path, source]) => [path, await prepareAnswer(source, common)] as const)),
  );
  const pages = new Map<RouteId, PreparedAnswer>();
  if (config.pageCache) {
    const prepared = await Promise.all(
      // A page rendered per request was rendered once above, to stop a start-up it would fail; its answer is not kept.
      rendered
        .filter(({ route }) => !route.perRequest)
        .map(async ({ route, html }) => ({ route, answer: await prepareAnswer(pageSource(route, html), common) })),
    );
    for (const { route, answer } of prepared) {
      pages.set(route.id, answer);
      if (route.status === 200) byPath.set(route.path, answer);
    }
  }
  return { byPath, pages, render, renderSeconds: rendered.map(({ seconds }) => seconds), searchIndex, securityHeaders };
}

/**
 * Puts the final Brotli form of every answer compressed at start-up in place
 * (server/answers.ts says why it waits until the server listens). One at a
 * time: each takes one core for a while, and the other keeps serving.
 */
export async function finishCompression(table: AnswerTable): Promise<{ answers: number; savedBytes: number }> {
  // A page is in both maps: a set, so that it is counted once.
  const pending = new Set([...table.byPath.values(), ...table.pages.values()].flatMap((answer) => answer.finishCompression ?? []));
  let savedBytes = 0;
  for (const finish of pending) savedBytes += await finish();
  return { answers: pending.size, savedBytes };
}
