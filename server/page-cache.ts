// The page cache: each route's finished HTML, kept with its gzip and Brotli
// forms and a strong ETag, all computed once. A page changes only with a new
// build, which is a new process, so nothing here ever needs invalidating.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RouteDef } from '../shared/routes.js';
import { preferredEncoding, sendBody, type Encoding } from './encoding.js';

export interface CachedPage {
  status: number;
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
}

export class PageCache {
  private readonly pages = new Map<string, Promise<CachedPage>>();

  constructor(private readonly render: (route: RouteDef) => Promise<Buffer>) {}

  get(route: RouteDef): Promise<CachedPage> {
    let page = this.pages.get(route.id);
    if (!page) {
      // Concurrent first requests share one render.
      page = this.render(route).then((html) => cachedPage(route.status, html));
      page.catch(() => this.pages.delete(route.id));
      this.pages.set(route.id, page);
    }
    return page;
  }
}

export function cachedPage(status: number, html: Buffer): CachedPage {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  return {
    status,
    bodies: {
      identity: html,
      gzip: gzipSync(html, { level: 9 }),
      br: brotliCompressSync(html, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
      }),
    },
    // One strong validator per representation, as HTTP requires.
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` },
  };
}

function matchesEtag(ifNoneMatch: string | undefined, etags: Record<Encoding, string>): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const known = Object.values(etags);
  return ifNoneMatch.split(',').some((tag) => known.includes(tag.trim().replace(/^W\//, '')));
}

export function sendCachedPage(req: Request, res: Response, page: CachedPage, cacheControl: string): void {
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  res.status(page.status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.vary('Accept-Encoding');
  res.setHeader('ETag', page.etags[encoding]);
  if (page.status === 200 && matchesEtag(req.headers['if-none-match'], page.etags)) {
    res.status(304).end();
    return;
  }
  sendBody(req, res, page.bodies[encoding], encoding);
}
