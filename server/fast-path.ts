// The request listener: prepared answers first, Express for everything else.
//
// A CPU profile under load put most of a cached page's cost in Express (its
// request/response prototypes, the router's matching and a dozen middleware
// steps) rather than in sending the bytes. A plain read of a path in the
// table of prepared answers passes every middleware unchanged, and the
// answer's headers were computed with the middleware's own values; so such a
// request is answered here with the same bytes (test/http/prepared-answers.test.ts
// compares the two for every path, encoding and configuration, HEAD and 304
// included). Anything else — another method, a body, a path not in the table,
// plain HTTP behind FORCE_HTTPS, the drain — goes through Express as before.
import type { RequestListener } from 'node:http';
import type { AnswerTable } from './answer-table.js';
import { sendAnswer } from './answers.js';
import { reachedOverHttps, type TrustProxy } from './redirects.js';
import { isPlainRead, requestIdOf } from './request-guards.js';
import type { RequestObserver } from './request-watch.js';

export interface FastPathOptions {
  /** The access log, and the metrics when they are on. */
  observe: RequestObserver;
  forceHttps: boolean;
  trust: TrustProxy;
  /** True once shutdown has closed the listener (answers then close their connections: Express does that). */
  closing: () => boolean;
}

/** The path of an origin-form request target, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function answerPreparedFirst(table: AnswerTable, app: RequestListener, options: FastPathOptions): RequestListener {
  const { observe, forceHttps, trust, closing } = options;
  return (req, res) => {
    const path = pathOf(req.url ?? '/');
    const answer = table.byPath.get(path);
    if (!answer || !isPlainRead(req) || (forceHttps && !reachedOverHttps(req, trust)) || closing()) return app(req, res);
    const requestId = requestIdOf(req);
    observe(req, res, requestId, path);
    sendAnswer(req, res, answer, requestId);
  };
}
