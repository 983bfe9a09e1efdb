// Static files, all read into memory at start-up (the build output is small and
// never changes while the process runs): no file-system access per request, no
// path ever joined from a URL, so nothing outside the public folder can be
// reached. Hashed files under /assets are cached for a year; a missing one is a
// plain 404, never a page. Build-time .br/.gz siblings are served by
// Accept-Encoding.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { RequestHandler } from 'express';
import { sendPlain } from './errors.js';
import { preferredEncoding, sendBody, type Encoding } from './encoding.js';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const HASHED_CACHE = 'public, max-age=31536000, immutable';
const UNHASHED_CACHE = 'public, max-age=3600';

interface StaticFile {
  type: string;
  cacheControl: string;
  bodies: Partial<Record<Encoding, Buffer>>;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export function loadStaticFiles(publicDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const all = new Set(listFiles(publicDir));
  for (const path of all) {
    const type = contentTypes[extname(path)];
    if (!type) continue;
    const url = `/${relative(publicDir, path).split('\\').join('/')}`;
    const bodies: StaticFile['bodies'] = { identity: readFileSync(path) };
    if (all.has(`${path}.br`)) bodies.br = readFileSync(`${path}.br`);
    if (all.has(`${path}.gz`)) bodies.gzip = readFileSync(`${path}.gz`);
    files.set(url, { type, cacheControl: url.startsWith('/assets/') ? HASHED_CACHE : UNHASHED_CACHE, bodies });
  }
  return files;
}

export function staticFiles(publicDir: string): RequestHandler {
  const files = loadStaticFiles(publicDir);
  return (req, res, next) => {
    const file = files.get(req.path);
    if (!file) {
      if (!req.path.startsWith('/assets/')) return next();
      sendPlain(res, 404);
      return;
    }
    const wanted = preferredEncoding(req.headers['accept-encoding']);
    const encoding: Encoding = file.bodies[wanted] ? wanted : 'identity';
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', file.cacheControl);
    if (file.bodies.br || file.bodies.gzip) res.vary('Accept-Encoding');
    sendBody(req, res, file.bodies[encoding]!, encoding);
  };
}
