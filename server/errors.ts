// Every error response in one place: a 404, 405, 413 … is `createError(status)` passed to next(). Client errors get short
// plain text; anything else is logged and gets the 500 page. None shows an internal detail.
import type { ErrorRequestHandler } from 'express';
import { isHttpError } from 'http-errors';
import { serverError as labels } from '../shared/content/pages.labels.md';
import { escapeMarkup, withLink } from './markup.js';
import type { Logger } from './logger.js';
import { sendPlain } from './plain-text.js';

/** The page for a failure: static, so that it cannot fail itself; its link is Home, which the route table keeps at /. */
const serverErrorPage =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  `<title>${escapeMarkup(labels.title)}</title><main><h1>${escapeMarkup(labels.title)}</h1>` +
  `<p>${withLink(labels.tryAgain, '/', labels.home)}</p></main></html>`;

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = isHttpError(error) ? error.status : 500;
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path, headersSent: res.headersSent }, 'request failed');
    if (res.headersSent) {
      // A streamed page failed after its first bytes: the client must not take the truncated document for a whole one.
      if (!res.writableEnded) res.destroy();
      return;
    }
    if (status < 500) sendPlain(res, status);
    else res.status(500).set('Cache-Control', 'no-store').type('html').send(serverErrorPage);
  };
}
