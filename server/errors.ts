// Answers for requests that are not pages: plain-text refusals and errors.
// None of them ever shows an internal detail.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { STATUS_CODES } from 'node:http';
import type { Logger } from './logger.js';
import { sendServerError } from './render.js';

/** A short plain-text answer that no cache keeps, such as "Not Found". */
export function sendPlain(res: Parameters<RequestHandler>[1], status: number, text = STATUS_CODES[status] ?? 'Error') {
  res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(`${text}\n`);
}

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
