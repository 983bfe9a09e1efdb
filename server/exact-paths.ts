// Fixed-path files (robots.txt, sitemap, icons, share image) answered from one
// table: one lookup per request instead of one middleware step per kind of file.
import type { RequestHandler } from 'express';

/** Handlers for fixed paths (robots.txt, icons, …) in one lookup, for GET and HEAD. */
export function exactPaths(...tables: Map<string, RequestHandler>[]): RequestHandler {
  const handlers = new Map(tables.flatMap((table) => [...table]));
  return (req, res, next) => {
    const handler = (req.method === 'GET' || req.method === 'HEAD') && handlers.get(req.path);
    if (handler) handler(req, res, next);
    else next();
  };
}
