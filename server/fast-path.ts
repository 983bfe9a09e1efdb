// The request listener: every request starts here. It takes the request id,
// starts watching the request for the access log and the metrics, and closes
// the connection after the answer once the drain has begun; then it answers a
// plain read of a prepared path itself, and hands everything else to Express.
//
// A CPU profile under load put most of a cached page's cost in Express (its
// request/response prototypes, the router's matching and a dozen middleware
// steps) rather than in sending the bytes. A plain read of a path in the table
// of prepared answers would pass every middleware unchanged, and the answer's
// headers were computed with the middleware's own values; so this is the one
// place prepared paths are answered, and Express never sees them. Anything
// else — another method, a body, a malformed target, a path not in the table,
// plain HTTP behind FORCE_HTTPS — goes through Express
// (test/http/prepared-answers.test.ts holds the two to the same headers).
import type { RequestListener } from 'node:http';
import type { AnswerTable } from './answer-table.js';
import { sendAnswer } from './answers.js';
import { reachedOverHttps, type TrustProxy } from './redirects.js';
import { isPlainRead, requestIdOf } from './request-guards.js';
import { pathOf } from './request-target.js';
import type { RequestObserver } from './request-watch.js';

export interface FastPathOptions {
  /** The access log, and the metrics when they are on. */
  observe: RequestObserver;
  forceHttps: boolean;
  trust: TrustProxy;
  /** True once shutdown has closed the listener: every answer then closes its connection. */
  closing: () => boolean;
}

export function answerPreparedFirst(table: AnswerTable, app: RequestListener, options: FastPathOptions): RequestListener {
  const { observe, forceHttps, trust, closing } = options;
  return (req, res) => {
    const path = pathOf(req);
    const requestId = requestIdOf(req);
    observe(req, res, requestId, path);
    const answer = table.byPath.get(path);
    if (answer && isPlainRead(req, path) && (!forceHttps || reachedOverHttps(req, trust))) {
      // The answer's prepared headers follow this one (writeHead puts headers set before its own first).
      if (closing()) res.setHeader('Connection', 'close');
      sendAnswer(req, res, answer, requestId);
      return;
    }
    // Express's answers carry the id in every header list too (server/app.ts reads it back from here).
    res.setHeader('X-Request-Id', requestId);
    if (closing()) res.setHeader('Connection', 'close');
    app(req, res);
  };
}
