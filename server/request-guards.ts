// Guards for hostile or malformed requests, answered before any routing:
// every one gets a deliberate status, never a 5xx or an internal detail.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import createError from 'http-errors';
import { decodes, MAX_TARGET_LENGTH } from './request-target.js';

function hostHeaders(req: IncomingMessage): number {
  let count = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.length === 4 && raw[i]?.toLowerCase() === 'host') count++;
  return count;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

function bodyRefusal(req: IncomingMessage): 405 | 413 | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 405;
  return hasBody(req) ? 413 : undefined;
}

function targetRefusal(req: IncomingMessage, path: string): 414 | 400 | undefined {
  if ((req.url ?? '').length > MAX_TARGET_LENGTH) return 414;
  // RFC 9112 §3.2: more than one Host is 400 (Node keeps only the first, and a proxy may have read the other).
  if (hostHeaders(req) > 1) return 400;
  return decodes(path) ? undefined : 400;
}

// 405 or 413 before any body is read. The connection stays open and Node discards the framed body after the response
// (within requestTimeout), so a client still uploading reads the answer, not a reset; what follows is its next request.
export const refuseBodies: RequestHandler = (req, res, next) => {
  const status = bodyRefusal(req);
  if (status === undefined) {
    next();
    return;
  }
  if (status === 405) res.setHeader('Allow', 'GET, HEAD');
  next(createError(status));
};

/** A target too long (414) or that does not decode (400) is refused before routing, the metrics' route lookup or a render read it. */
export const rejectMalformedUrls: RequestHandler = (req, _res, next) => {
  const status = targetRefusal(req, req.path);
  next(status === undefined ? undefined : createError(status));
};

export const noIndex: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};
