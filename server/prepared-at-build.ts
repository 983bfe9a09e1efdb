// The pages, SEO files, share image and search index as the build prepared them for its own configuration (in the
// Dockerfile, the image's defaults), read at start-up instead of rendered and compressed again. Rendering and Brotli at
// quality 11 take most of a start; a configuration that differs from the build's (another brand, analytics on)
// prepares them at start-up as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicFiles } from './assets.js';
import type { RouteId } from '../shared/routes.js';
import type { SearchEntry } from '../shared/search.js';
import type { Config } from './config.js';
import type { BuildManifest } from './manifest.js';
import type { Encoding, PreparedResponse } from './prepared.js';
import { compressionFor, preparedFiles, renderOptionsFor, type PreparedSite } from './prepared-site.js';
import { pageInlineCode } from './security.js';

interface StoredResponse extends Omit<PreparedResponse, 'representations'> {
  /** The exact paths it answers, and the routes it is the page of. */
  paths: string[];
  routes: RouteId[];
  representations: Partial<Record<Encoding, { file: string; etag: string }>>;
}

interface StoredSite {
  /** What the responses depend on: the build's manifest and the configuration's settings that reach a page (keyOf). */
  key: string;
  responses: StoredResponse[];
}

const folderOf = (distDir: string) => join(distDir, 'prepared');

function keyOf(config: Config, manifest: BuildManifest): string {
  const inputs = { manifest, site: config.site, indexing: config.indexing, compression: compressionFor(config) };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

/** Writes what start-up prepared, less the public folder's files, which are in the build already. */
export function writePreparedSite(site: PreparedSite, config: Config, manifest: BuildManifest, distDir: string): void {
  const folder = folderOf(distDir);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  const publicPaths = new Set(publicFiles(join(distDir, 'public')).keys());
  const stored = new Map<PreparedResponse, StoredResponse>();
  const entryOf = (response: PreparedResponse): StoredResponse => {
    let entry = stored.get(response);
    if (!entry) {
      const index = stored.size;
      const representations: StoredResponse['representations'] = {};
      for (const [encoding, representation] of Object.entries(response.representations) as [Encoding, { body: Buffer; etag: string }][]) {
        const file = `${index}.${encoding}`;
        writeFileSync(join(folder, file), representation.body);
        representations[encoding] = { file, etag: representation.etag };
      }
      entry = { status: response.status, type: response.type, cacheControl: response.cacheControl, paths: [], routes: [], representations };
      stored.set(response, entry);
    }
    return entry;
  };
  for (const [path, response] of site.byPath) if (!publicPaths.has(path)) entryOf(response).paths.push(path);
  for (const [route, response] of site.pages) entryOf(response).routes.push(route);
  const index: StoredSite = { key: keyOf(config, manifest), responses: [...stored.values()] };
  writeFileSync(join(folder, 'site.json'), `${JSON.stringify(index, null, 1)}\n`);
}

/** The site as the build prepared it, or undefined where the build prepared none or for another configuration. */
export async function readPreparedSite(config: Config, manifest: BuildManifest, distDir: string): Promise<PreparedSite | undefined> {
  const folder = folderOf(distDir);
  let stored: StoredSite;
  try {
    stored = JSON.parse(readFileSync(join(folder, 'site.json'), 'utf8')) as StoredSite;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (stored.key !== keyOf(config, manifest)) return undefined;

  const publicDir = join(distDir, 'public');
  const render = renderOptionsFor(config, manifest, publicDir);
  const compression = compressionFor(config);
  const byPath = new Map(await preparedFiles(publicDir, compression));
  const pages = new Map<RouteId, PreparedResponse>();
  for (const { paths, routes, representations, ...response } of stored.responses) {
    const read = Object.fromEntries(
      Object.entries(representations).map(([encoding, { file, etag }]) => [encoding, { body: readFileSync(join(folder, file)), etag }]),
    ) as PreparedResponse['representations'];
    const prepared: PreparedResponse = { ...response, representations: read };
    for (const path of paths) byPath.set(path, prepared);
    for (const route of routes) pages.set(route, prepared);
  }
  const searchIndex = byPath.get(render.assets.searchIndex);
  if (!searchIndex) throw new Error(`${join(folder, 'site.json')} has no search index: rebuild.`);
  return {
    byPath,
    pages,
    render,
    renderSeconds: [],
    searchIndex: JSON.parse(searchIndex.representations.identity.body.toString()) as SearchEntry[],
    inline: pageInlineCode(config.site, render.styles),
    compression,
    preparedBy: 'build',
  };
}
