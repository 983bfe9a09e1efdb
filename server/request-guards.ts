// Guards for hostile or malformed requests, answered before any routing:
// every one gets a deliberate status, never a 5xx or an internal detail.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import createError from 'http-errors';
import { lingerBeforeClosing } from './connections.js';

/** Longer URLs than this are refused (browsers and CDNs cap near 8 KB; ours are short). */
const MAX_URL_LENGTH = 2048;

function hostHeaders(req: IncomingMessage): number {
  let count = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.length === 4 && raw[i]?.toLowerCase() === 'host') count++;
  return count;
}

export const rejectMalformedUrls: RequestHandler = (req, _res, next) => {
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    next(createError(414));
    return;
  }
  // RFC 9112 §3.2: a request with more than one Host is answered 400
  // (Node keeps only the first, and a proxy may have read the other).
  if (hostHeaders(req) > 1) {
    next(createError(400));
    return;
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    next(createError(400));
    return;
  }
  next();
};

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A GET or HEAD without a body, a URL within bounds and one Host: a request
 * that every guard here lets through unchanged (the prepared-answer fast path
 * takes only these).
 */
export function isPlainRead(req: IncomingMessage): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') && !hasBody(req) && (req.url ?? '').length <= MAX_URL_LENGTH && hostHeaders(req) === 1
  );
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
  if (readOnly && !hasBody(req)) {
    next();
    return;
  }
  res.setHeader('Connection', 'close');
  lingerBeforeClosing(req.socket);
  if (!readOnly) res.setHeader('Allow', 'GET, HEAD');
  next(createError(readOnly ? 413 : 405));
};

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The load balancer's X-Request-Id when it is sane, or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

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
