// The search page, /search?q=…: the one page rendered for each request, from
// its query, with the engine the search panel uses over the index prepared at
// start-up. Its cost is bounded, since distinct queries defeat every cache:
// results for repeated queries are kept (as many as a bounded cache holds),
// a new query's render takes one of a few slots (server/render-slots.ts), and
// when every slot is taken the answer is a 503 with Retry-After, sent at once.
// A repeated query, its results kept, is rendered without waiting for a slot.
import type { RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { routeById } from '../shared/routes.js';
import { searchOver, type SearchEntry, type SearchHit } from '../shared/search.js';
import { normalisedQuery } from '../shared/search-query.js';
import { SearchPageContext, type SearchPageData } from '../shared/search-page-data.js';
import { streamDocument, type RenderOptions } from './render.js';
import { renderSlots, type RenderSlots } from './render-slots.js';
import type { Shed } from './shed.js';
import { searchBusy as busyLabels, searchPage as labels } from '../shared/content/header.labels.md';
import { fill } from '../shared/content/labels.js';
import { escapeMarkup, withLink } from './markup.js';

/** New queries' renders waiting for their turn at most (a few milliseconds of CPU each): a turn of the event loop stays short. */
const RENDER_SLOTS = 4;
/** Queries whose results are kept: a few hundred small lists. */
const CACHED_QUERIES = 500;
const RETRY_AFTER_SECONDS = 2;

const busyPage =
  `<!DOCTYPE html><html lang="en-US"><meta charset="utf-8"><title>${escapeMarkup(busyLabels.title)}</title>` +
  `<p>${withLink(busyLabels.tryAgain, routeById('contact').path, busyLabels.contact)}</p></html>\n`;

function answerBusy(res: Response, shed?: Shed) {
  shed?.(res);
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

export interface SearchPageOptions {
  onRendered?: (seconds: number) => void;
  /** Told of each request answered 503 (server/shed.ts). */
  shed?: Shed;
  /** The render slots (a test takes them all with its own). */
  slots?: RenderSlots;
}

/** The search page's handler. */
export function searchPage(index: SearchEntry[], options: RenderOptions, extra: SearchPageOptions = {}): RequestHandler {
  const { onRendered, shed, slots = renderSlots(RENDER_SLOTS) } = extra;
  // Indexed at the first query, not here: the site's first responses need none of it, and a start waits for none of it.
  let search: ReturnType<typeof searchOver> | undefined;
  const results = new LRUCache<string, SearchHit[]>({ max: CACHED_QUERIES });
  const route = routeById('search');

  return (req, res, next) => {
    if (req.path !== route.path) {
      next();
      return;
    }
    const { query, shortened } = normalisedQuery(queryParameter(req.query.q));
    let hits = results.get(query);
    // A repeated query's results are kept: it is rendered at once, without a slot.
    const free = hits ? () => undefined : slots.take();
    if (!free) {
      answerBusy(res, shed);
      return;
    }
    const render = () => {
      const started = process.hrtime.bigint();
      // A page per query is never for a search engine's index (nor is any page when SITE_INDEXING=false says more).
      if (!res.get('X-Robots-Tag')) res.set('X-Robots-Tag', 'noindex');
      if (!hits) {
        hits = query ? (search ??= searchOver(index))(query) : [];
        results.set(query, hits);
      }
      const data: SearchPageData = { query, shortened, hits };
      const titled = { ...route, meta: { ...route.meta, title: query ? fill(labels.title, { query }) : route.meta.title } };
      streamDocument(req, res, titled, options, {
        withData: (page) => <SearchPageContext.Provider value={data}>{page}</SearchPageContext.Provider>,
        onShellDone: free,
      })
        .then(() => onRendered?.(Number(process.hrtime.bigint() - started) / 1e9))
        .catch(next);
    };
    if (hits) {
      render();
      return;
    }
    // A new query renders in the event loop's next turn: the requests that
    // arrived with it (prepared pages) are answered first, and at most the
    // slots' number of renders run between two reads of the network.
    setImmediate(() => {
      // A visitor who left meanwhile costs no render.
      if (req.socket.destroyed) free();
      else render();
    });
  };
}
