// Guards for hostile or malformed requests, answered before any routing:
// every one gets a deliberate status, never a 5xx or an internal detail.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { sendPlain } from './errors.js';
import { lingerBeforeClosing } from './connections.js';

/** Longer URLs than this are refused (browsers and CDNs cap near 8 KB; ours are short). */
export const MAX_URL_LENGTH = 2048;

function hostHeaders(req: Request): number {
  let count = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') count++;
  return count;
}

export const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length > MAX_URL_LENGTH) return sendPlain(res, 414);
  // RFC 9112 §3.2: a request with more than one Host is answered 400
  // (Node keeps only the first, and a proxy may have read the other).
  if (hostHeaders(req) > 1) return sendPlain(res, 400);
  try {
    decodeURIComponent(req.path);
  } catch {
    return sendPlain(res, 400);
  }
  next();
};

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The site only reads: anything but GET and HEAD is 405, and a GET or HEAD that
 * carries a body is 413, both before any of the body is read. The connection is
 * closed after the answer, but only once the client has had time to finish
 * sending (a bounded lingering close), so that it can read the answer instead
 * of a reset.
 */
export const refuseBodies: RequestHandler = (req, res, next) => {
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if (readOnly && !hasBody(req)) return next();
  res.setHeader('Connection', 'close');
  lingerBeforeClosing(req.socket);
  if (!readOnly) res.setHeader('Allow', 'GET, HEAD');
  sendPlain(res, readOnly ? 413 : 405);
};

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** Takes the load balancer's X-Request-Id when it is sane, or makes one, and echoes it. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get('x-request-id');
  const id = given && requestIdPattern.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** Once shutdown has closed the listener, every answer closes its connection after it is sent. */
export function closeConnectionsWhen(closing: () => boolean): RequestHandler {
  return (_req, res, next) => {
    if (closing()) res.setHeader('Connection', 'close');
    next();
  };
}

/** On staging, every response asks search engines to stay away. */
export const noIndex: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};
