// Every redirect is built from the request's parsed path alone, made canonical (one leading slash, no empty segments, no
// backslash, nothing outside printable ASCII) and put after a fixed origin, so no target can send a visitor to another
// host: never `new URL(req.originalUrl, origin)`, which reads `//evil.example/`,
// `/\evil.example/` and absolute-form targets as other sites, and never Host or X-Forwarded-Host.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { queryOfUrl } from './request-target.js';

/** Express's compiled "trust proxy" setting: whether the hop-th address may speak for the client. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Canonical redirects rarely change, but a later page at that path must not be hidden for long. */
const CANONICAL_CACHE = 'public, max-age=3600';
/** The upgrade depends on X-Forwarded-Proto, so no shared cache may keep it (it says Vary as well). */
const UPGRADE_CACHE = 'no-store';

// Whatever a browser or URL parser could read as structure or a separator (backslash, controls, spaces, non-ASCII).
const unsafeCharacter = /[^\x21-\x5b\x5d-\x7e]/g;
const encodeCharacter = (character: string) =>
  [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** "/a//b/" → "/a/b": the path as the site names it. */
function canonicalPath(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/')}`.replace(unsafeCharacter, encodeCharacter);
}

const queryOf = (req: Request): string => queryOfUrl(req.url).replace(unsafeCharacter, encodeCharacter);

// An absolute-form target ("GET http://host/about") is answered as its path (RFC 9112 §3.2.2), so only that can redirect.
function isCanonical(req: Request): boolean {
  return req.path === '/' || (!req.path.endsWith('/') && !req.path.includes('//'));
}

/** One address per page: "/about/" and "//about" are "/about". The Location is a path, so it stays on the asked origin. */
export const canonicalPaths: RequestHandler = (req, res, next) => {
  if (isCanonical(req)) {
    next();
    return;
  }
  res.setHeader('Cache-Control', CANONICAL_CACHE);
  res.redirect(301, canonicalPath(req.path) + queryOf(req));
};

/** Plain HTTP that reached the TLS-terminating load balancer goes to SITE_URL's host over HTTPS, canonical in one hop. */
export function redirectToHttps(siteUrl: string, trust: TrustProxy): RequestHandler {
  const site = new URL(siteUrl);
  const origin = `https://${site.host}`;
  return (req, res, next) => {
    res.vary('X-Forwarded-Proto');
    if (reachedOverHttps(req, trust)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', UPGRADE_CACHE);
    res.redirect(301, origin + canonicalPath(req.path) + queryOf(req));
  };
}

// The first X-Forwarded-Proto from a trusted peer, in any case (RFC 9110 §4.2.3; some proxies send "HTTPS"). A plain
// function, so that answers sent before Express read it the same way.
export function reachedOverHttps(req: IncomingMessage, trust: TrustProxy): boolean {
  const own = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own === 'https';
  const header = req.headers['x-forwarded-proto'];
  const forwarded = ((typeof header === 'string' && header) || own).split(',', 1)[0]?.trim();
  return forwarded?.toLowerCase() === 'https';
}
