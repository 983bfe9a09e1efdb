// The built public folder, read into memory at start-up: no file-system access per request and no path ever joined from
// a URL, so nothing outside the folder can be reached. The build's .br/.gz siblings are their files' compressed forms.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { RequestHandler } from 'express';
import createError from 'http-errors';
import { contentType } from 'mime-types';
import type { PreparedSource } from './prepared.js';

const HASHED_CACHE = 'public, max-age=31536000, immutable';
const UNHASHED_CACHE = 'public, max-age=3600';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every servable file of the folder, by URL path; compressed siblings are not files of their own. */
export function publicFiles(publicDir: string): Map<string, PreparedSource> {
  const files = new Map<string, PreparedSource>();
  const all = new Set(listFiles(publicDir));
  for (const path of all) {
    if (/\.(br|gz)$/.test(path)) continue;
    const type = contentType(extname(path));
    if (!type) continue;
    const url = `/${relative(publicDir, path).split('\\').join('/')}`;
    const compressed: PreparedSource['compressed'] = {};
    if (all.has(`${path}.br`)) compressed.br = readFileSync(`${path}.br`);
    if (all.has(`${path}.gz`)) compressed.gzip = readFileSync(`${path}.gz`);
    files.set(url, {
      status: 200,
      type,
      cacheControl: url.startsWith('/assets/') ? HASHED_CACHE : UNHASHED_CACHE,
      body: readFileSync(path),
      compressed,
    });
  }
  return files;
}

/** A missing hashed asset is a plain 404, never a page (an old build's script must not get HTML). */
export const missingAssets: RequestHandler = (req, _res, next) => {
  next(req.path.startsWith('/assets/') ? createError(404) : undefined);
};
