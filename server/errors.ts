// Answers for requests that are not pages: unknown methods, malformed paths
// and errors. None of them ever shows an internal detail.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { STATUS_CODES } from 'node:http';
import type { Logger } from './logger.js';
import { sendServerError } from './render.js';

/** A short plain-text answer that no cache keeps, such as "Not Found". */
export function sendPlain(res: Parameters<RequestHandler>[1], status: number, text = STATUS_CODES[status] ?? 'Error') {
  res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(`${text}\n`);
}

/** Pages are read-only: anything but GET and HEAD is refused without reading the body. */
export const methodNotAllowed: RequestHandler = (_req, res) => {
  res.setHeader('Allow', 'GET, HEAD');
  res.setHeader('Connection', 'close');
  sendPlain(res, 405);
};

/** "/about/" and "//about" are "/about": one address per page, for people and for search engines. */
export const canonicalPaths: RequestHandler = (req, res, next) => {
  const path = req.path;
  if (path === '/' || (!path.endsWith('/') && !path.includes('//'))) return next();
  const canonical = `/${path.split('/').filter(Boolean).join('/')}`
    // A Location of "/\evil.example" would be read by browsers as another host.
    .replace(/\\/g, '%5C');
  const queryStart = req.originalUrl.indexOf('?');
  res.redirect(301, canonical + (queryStart === -1 ? '' : req.originalUrl.slice(queryStart)));
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode);
    if (status >= 400 && status < 500) {
      sendPlain(res, status);
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    sendServerError(res);
  };
}
