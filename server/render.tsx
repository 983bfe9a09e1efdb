// Rendering: one function renders a route's document and pipes it, once the
// shell is ready, into a destination: a collector whose bytes become a
// prepared response at start-up, or the response to /search. One timeout,
// cleared in one place, as React Router's entry.server does it.
//
// No page suspends, so the shell is the whole document and crawlers and people
// get the same stream. (A page that suspends would need the crawler branch,
// `onAllReady` for bots, and a test route that tells the two apart.)
import { finished, Writable } from 'node:stream';
import type { ReactElement } from 'react';
import type { Request, Response } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import { Document, type AssetUrls } from '../shared/document.js';
import type { RouteDef } from '../shared/routes.js';
import type { SiteConfig } from '../shared/site-config.js';

/** A render still unfinished after this long is abandoned. */
const RENDER_TIMEOUT_MS = 10_000;

export interface RenderOptions {
  site: SiteConfig;
  assets: AssetUrls;
  /** The stylesheet's text, inlined in every page. */
  styles: string;
}

export function htmlCacheControl(route: RouteDef): string {
  // A page made from the request (the search page, from its query) is for that visitor's browser alone: a CDN told
  // to ignore query strings for pages (docs/operations.md) would otherwise hand one visitor's results to everyone.
  if (route.perRequest) return 'private, no-cache';
  // Pages change only with a new build: a CDN may keep them briefly and
  // revalidate; browsers always revalidate (cheap, thanks to the ETag).
  return route.status === 200 ? 'public, max-age=0, s-maxage=300, stale-while-revalidate=60' : 'public, max-age=0, s-maxage=60';
}

/**
 * Renders a route's document once its shell is ready, into the body that
 * `onShellReady` returns (none for a HEAD). Settles when the response
 * finishes or closes: rejected if anything failed to render, before the shell
 * or after it (a client that went away is not a failure).
 */
async function renderDocument(
  route: RouteDef,
  options: RenderOptions,
  response: Writable,
  onShellReady: () => Writable | undefined,
  withData: (page: ReactElement) => ReactElement = (page) => page,
): Promise<void> {
  const { default: Page } = await route.page();
  return new Promise((resolve, reject) => {
    let failure: unknown;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    // The one place a render ends, whatever ended it.
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure) reject(failure instanceof Error ? failure : new Error(`Rendering ${route.path} failed`, { cause: failure }));
      else resolve();
    };
    const { pipe, abort } = renderToPipeableStream(
      <Document route={route} site={options.site} assets={options.assets} styles={options.styles}>
        {withData(<Page />)}
      </Document>,
      {
        // No bootstrapModules: the document's own bootstrap loads the client after the first paint.
        onShellReady() {
          const body = onShellReady();
          if (body) pipe(body);
        },
        onShellError(error) {
          // Nothing was sent: the destination is left for the caller's error response.
          failure = error;
          settle();
        },
        onError(error) {
          failure ??= error;
        },
      },
    );
    // onShellError may already have settled the render, synchronously, inside renderToPipeableStream.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- TypeScript cannot see that callback run.
    if (!settled) timer = setTimeout(() => abort(new Error(`Rendering ${route.path} timed out`)), RENDER_TIMEOUT_MS);
    finished(response, () => {
      // The client went away before the document was done: stop rendering for it.
      if (!response.writableFinished) abort();
      settle();
    });
  });
}

/** A route's complete document, in memory; `withData` as a request's own render gives it (StreamedDocument). */
export async function renderToBuffer(
  route: RouteDef,
  options: RenderOptions,
  withData?: (page: ReactElement) => ReactElement,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const collector = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await renderDocument(route, options, collector, () => collector, withData);
  return Buffer.concat(chunks);
}

/** What a document rendered for one request may add to its route's. */
export interface StreamedDocument {
  /** Gives the page what only this request decides (the search page's results). */
  withData?: (page: ReactElement) => ReactElement;
  /** Called once the shell is rendered (or failed): the render's work on the CPU is done. */
  onShellDone?: () => void;
}

/**
 * A route's document rendered for this request and streamed into the
 * response (compressed by the `compression` middleware): the status is the
 * route's, decided before the first byte. A HEAD gets the headers a GET would.
 * Settles when the response is finished.
 */
export function streamDocument(
  req: Request,
  res: Response,
  route: RouteDef,
  options: RenderOptions,
  extra: StreamedDocument = {},
): Promise<void> {
  const rendering = renderDocument(
    route,
    options,
    res,
    () => {
      extra.onShellDone?.();
      res.status(route.status);
      res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': htmlCacheControl(route) });
      if (req.method !== 'HEAD') return res;
      res.end();
      return undefined;
    },
    extra.withData,
  );
  // A render that fails before its shell frees its place too.
  return rendering.finally(() => extra.onShellDone?.());
}
