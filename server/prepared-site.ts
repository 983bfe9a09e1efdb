// The prepared site a start serves, made once before the server listens: read from the build when the configuration is
// the build's (server/prepared-at-build.ts), else rendered and compressed at start-up (server/render-site.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AssetUrls } from '../shared/assets.js';
import type { RouteId } from '../shared/routes.js';
import type { SearchEntry } from '../shared/search.js';
import { publicFiles } from './assets.js';
import type { Config } from './config.js';
import { FIRST_PAINT_STYLES, type BuildManifest } from './manifest.js';
import {
  addBrotli,
  developmentCompression,
  prepareResponse,
  releaseCompression,
  type CompressionLevels,
  type PreparedResponse,
} from './prepared.js';
import type { RenderOptions } from './render.js';
import type { InlineCode } from './security.js';

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
  /** Where the pages were rendered and compressed: by the build, for the configuration it was made with, or at this start. */
  preparedBy: 'build' | 'start-up';
}

/** Adds the Brotli form of every body made at start-up (server/prepared.ts's addBrotli says why it comes after). */
export async function addBrotliForms(site: PreparedSite): Promise<void> {
  await Promise.all(
    [...new Set([...site.byPath.values(), ...site.pages.values()])].map((prepared) => addBrotli(prepared, site.compression)),
  );
}

/** What every page renders with: the asset URLs (the search index's named from the build and the configuration), the site's settings and the first paint's styles, inlined. */
export function renderOptionsFor(config: Config, manifest: BuildManifest, publicDir: string): RenderOptions {
  // The index follows from the build and the configuration, so their hash names it before the pages linking to it render.
  const indexHash = createHash('sha256')
    .update(manifest.buildId)
    .update(JSON.stringify(config.site))
    .digest('hex')
    .slice(0, 10)
    .toUpperCase();
  // Each illustration's still (under a kilobyte of SVG) is written into the page: requested, it raced the stylesheet, and
  // a still drawn after the stylesheet's layout made that layout part of the page's Largest Contentful Paint.
  const animations = Object.fromEntries(
    Object.entries(manifest.animations).map(([name, urls]) => {
      const svg = readFileSync(join(publicDir, urls.still), 'utf8');
      return [name, { ...urls, still: `data:image/svg+xml,${encodeURIComponent(svg)}` }];
    }),
  ) as AssetUrls['animations'];
  const assets: AssetUrls = { ...manifest, animations, searchIndex: `/assets/search-index-${indexHash}.json` };
  return { site: config.site, assets, styles: readFileSync(join(dirname(publicDir), FIRST_PAINT_STYLES), 'utf8') };
}

export const compressionFor = (config: Config): CompressionLevels =>
  config.env === 'development' ? developmentCompression : releaseCompression;

/** The built public folder's files as responses. */
export async function preparedFiles(publicDir: string, compression: CompressionLevels): Promise<[string, PreparedResponse][]> {
  return Promise.all(
    [...publicFiles(publicDir)].map(
      async ([path, source]) => [path, await prepareResponse(source, compression)] as [string, PreparedResponse],
    ),
  );
}
