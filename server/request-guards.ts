// Guards for hostile or malformed requests, answered before any routing:
// every one gets a deliberate status, never a 5xx or an internal detail.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { sendPlain } from './errors.js';

/** Longer URLs than this are refused (browsers and CDNs cap near 8 KB; ours are short). */
export const MAX_URL_LENGTH = 2048;

export const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length > MAX_URL_LENGTH) return sendPlain(res, 414);
  try {
    decodeURIComponent(req.path);
  } catch {
    return sendPlain(res, 400);
  }
  next();
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

/** Behind a TLS-terminating load balancer: plain-HTTP requests go to the https site. */
export function redirectToHttps(siteUrl: string): RequestHandler {
  const origin = new URL(siteUrl);
  origin.protocol = 'https:';
  return (req, res, next) => {
    if (req.protocol === 'https') return next();
    res.redirect(301, new URL(req.originalUrl, origin).href);
  };
}

/** While draining for shutdown, tell clients to open their next request elsewhere. */
export function closeConnectionsWhen(draining: () => boolean): RequestHandler {
  return (_req, res, next) => {
    if (draining()) res.setHeader('Connection', 'close');
    next();
  };
}

/** On staging, every response asks search engines to stay away. */
export const noIndex: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};
