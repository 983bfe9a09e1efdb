// The search page, /search?q=…: the one page rendered for each request, from
// its query, with the engine the search panel uses over the index prepared at
// start-up. Its cost is bounded, since distinct queries defeat every cache:
// results for repeated queries are kept (as many as a bounded cache holds),
// renders go through a bounded queue (server/render-queue.ts), and when that
// is full the answer is a 503 with Retry-After, sent at once.
import type { RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { routeById } from '../shared/routes.js';
import { searchOver, type SearchEntry, type SearchHit } from '../shared/search.js';
import { normalisedQuery } from '../shared/search-query.js';
import { SearchPageContext, type SearchPageData } from '../shared/search-page-data.js';
import { streamDocument, type RenderOptions } from './render.js';
import { renderQueue, type RenderQueue } from './render-queue.js';

/** At most half of a core's time for search renders (a few milliseconds each); the other half for everything else. */
const searchRenders = { waiting: 16, share: 0.5 };
/** Queries whose results are kept: a few hundred small lists. */
const CACHED_QUERIES = 500;
const RETRY_AFTER_SECONDS = 2;

const busyPage =
  '<!DOCTYPE html><html lang="en-US"><meta charset="utf-8"><title>Search is busy</title>' +
  '<p>Search is busy right now. Please try again in a few seconds, or <a href="/contact">contact us</a>.</p></html>\n';

function answerBusy(res: Response) {
  res
    .status(503)
    .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
    // A string: Express sends it as text/html; charset=utf-8.
    .send(busyPage);
}

/** The q parameter as typed: the first, when a client sends several; none when it is not text. */
function queryParameter(value: unknown): string {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** The search page's handler; `queue` is the render line's (a test holds or refuses renders with its own). */
export function searchPage(
  index: SearchEntry[],
  options: RenderOptions,
  onRendered?: (seconds: number) => void,
  queue: Pick<RenderQueue, 'admit'> = renderQueue(searchRenders),
): RequestHandler {
  const search = searchOver(index);
  const results = new LRUCache<string, SearchHit[]>({ max: CACHED_QUERIES });
  const route = routeById('search');

  function resultsFor(query: string): SearchHit[] {
    let hits = results.get(query);
    if (!hits) {
      hits = query ? search(query) : [];
      results.set(query, hits);
    }
    return hits;
  }

  return (req, res, next) => {
    if (req.path !== route.path) {
      next();
      return;
    }
    const admitted = queue.admit((done) => {
      // A visitor who left while in line costs nothing more.
      if (req.socket.destroyed) {
        done();
        return;
      }
      const started = process.hrtime.bigint();
      // A page per query is never for a search engine's index (nor is any page when SITE_INDEXING=false says more).
      if (!res.get('X-Robots-Tag')) res.set('X-Robots-Tag', 'noindex');
      const { query, shortened } = normalisedQuery(queryParameter(req.query.q));
      const data: SearchPageData = { query, shortened, hits: resultsFor(query) };
      const titled = { ...route, meta: { ...route.meta, title: query ? `Search results for “${query}”` : route.meta.title } };
      streamDocument(req, res, titled, options, {
        withData: (page) => <SearchPageContext.Provider value={data}>{page}</SearchPageContext.Provider>,
        onShellDone: done,
      })
        .then(() => onRendered?.(Number(process.hrtime.bigint() - started) / 1e9))
        .catch(next);
    });
    if (!admitted) answerBusy(res);
  };
}
