// Rendering: match the path against the route table, decide the status before
// anything is sent, then either stream the document straight into the response
// or answer from the page cache, which holds each route's finished bytes
// (rendered by the same streaming renderer) for the life of this build.
import { Writable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import type { ReactElement } from 'react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, type RouteObject } from 'react-router';
import { Document, type AssetUrls } from '../shared/document.js';
import { routes, type RouteDef } from '../shared/routes.js';
import type { SiteConfig } from '../shared/site-config.js';
import type { Logger } from './logger.js';
import { PageCache, sendCachedPage } from './page-cache.js';

/** A render still unfinished after this long is abandoned. */
const RENDER_TIMEOUT_MS = 10_000;

const routeObjects: RouteObject[] = routes.map((route) => ({ id: route.id, path: route.path, caseSensitive: true }));
const routesById = new Map(routes.map((route) => [route.id as string, route]));
const notFoundRoute = routes.find((route) => route.status === 404)!;

// matchRoutes ranks the whole table on every call; paths repeat, so remember
// the answer. Bounded, because the paths come from the internet.
const matchMemo = new Map<string, RouteDef>();
const MATCH_MEMO_LIMIT = 2_000;

export function matchRoute(pathname: string): RouteDef {
  const known = matchMemo.get(pathname);
  if (known) return known;
  const id = matchRoutes(routeObjects, pathname)?.[0]?.route.id;
  const route = (id && routesById.get(id)) || notFoundRoute;
  if (matchMemo.size >= MATCH_MEMO_LIMIT) matchMemo.clear();
  matchMemo.set(pathname, route);
  return route;
}

export interface RenderOptions {
  site: SiteConfig;
  assets: AssetUrls;
  logger: Logger;
  /** Serve each route's finished bytes from memory after its first render. */
  pageCache: boolean;
}

export function htmlCacheControl(route: RouteDef): string {
  // Pages change only with a new build: a CDN may keep them briefly and
  // revalidate; browsers always revalidate (cheap, thanks to the ETag).
  return route.status === 200
    ? 'public, max-age=0, s-maxage=300, stale-while-revalidate=60'
    : 'public, max-age=0, s-maxage=60';
}

export const serverErrorPage =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Something went wrong</title><main><h1>Something went wrong</h1>' +
  '<p>We could not show this page. Please try again in a moment, or go to the <a href="/">home page</a>.</p></main></html>';

export function sendServerError(res: Response): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).set('Cache-Control', 'no-store').type('html').send(serverErrorPage);
}

async function documentFor(route: RouteDef, options: RenderOptions) {
  const { default: Page } = await route.page();
  return (
    <Document route={route} site={options.site} assets={options.assets}>
      <Page />
    </Document>
  );
}

/** Renders a route's complete document into memory, for the page cache. */
export async function renderToBuffer(route: RouteDef, options: RenderOptions): Promise<Buffer> {
  const element = await documentFor(route, options);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const { pipe, abort } = renderToPipeableStream(element, {
      bootstrapModules: [options.assets.script],
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              done();
              // A page that rendered with an error must never be kept.
              if (failure) reject(failure);
              else resolve(Buffer.concat(chunks));
            },
          }),
        );
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failure = error;
      },
    });
    const timer = setTimeout(() => abort(new Error(`Rendering ${route.path} timed out`)), RENDER_TIMEOUT_MS);
  });
}

/** Streams a route's document straight into the response: no intermediate stream. */
function streamDocument(req: Request, res: Response, route: RouteDef, element: ReactElement, options: RenderOptions) {
  // Crawlers and link previews want the finished page; people want the first bytes.
  const waitForAll = isbot(req.get('user-agent'));
  let shellSent = false;
  const { pipe, abort } = renderToPipeableStream(element, {
    bootstrapModules: [options.assets.script],
    [waitForAll ? 'onAllReady' : 'onShellReady']() {
      shellSent = true;
      res.status(route.status);
      res.set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': htmlCacheControl(route),
      });
      res.vary('Accept-Encoding');
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      pipe(res);
    },
    onShellError() {
      sendServerError(res);
    },
    onError(error) {
      options.logger.error({ err: error, path: req.path, shellSent }, 'render failed');
    },
  });
  const timer = setTimeout(() => abort(new Error(`Rendering ${route.path} timed out`)), RENDER_TIMEOUT_MS);
  res.on('close', () => {
    clearTimeout(timer);
    // The client went away before the page was done: stop rendering for it.
    if (!res.writableFinished) abort();
  });
}

export function pageHandler(options: RenderOptions): RequestHandler {
  const cache = new PageCache((route) => renderToBuffer(route, options));
  return async (req, res) => {
    const route = matchRoute(req.path);
    try {
      if (options.pageCache) {
        sendCachedPage(req, res, await cache.get(route), htmlCacheControl(route));
      } else {
        streamDocument(req, res, route, await documentFor(route, options), options);
      }
    } catch (error) {
      options.logger.error({ err: error, path: req.path }, 'render failed');
      sendServerError(res);
    }
  };
}
