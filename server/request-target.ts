// The path and the query of a request target, read one way wherever a request
// is served, logged or counted: in the app, in the access log, on the metrics
// port.
import type { IncomingMessage } from 'node:http';
import parseurl from 'parseurl';

/** Where the path of an origin-form target ("/about?x#y") ends: at its query or fragment, or at its end. */
function endOfPath(url: string): number {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  if (fragment === -1) return query === -1 ? url.length : query;
  return query === -1 ? fragment : Math.min(query, fragment);
}

/** The path of a target, without its query: "/about?x=1" → "/about". */
function pathOfUrl(url: string): string {
  const end = endOfPath(url);
  return end === url.length ? url : url.slice(0, end);
}

/** The query of a target with its "?", or "": "/about?x=1" → "?x=1". */
export function queryOfUrl(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/**
 * The request's path as Express's req.path reads it. An origin-form target
 * ("/about?x=1") is cut here; any other form — absolute ("http://host/about",
 * RFC 9112 §3.2.2: the server takes the path from it), or "*" — is parsed as
 * Express parses it (parseurl), so that a request is answered, logged and
 * counted by one path wherever it goes.
 */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (url.startsWith('/')) return pathOfUrl(url);
  return parseurl(req)?.pathname ?? url;
}

/** Longer request targets than this are refused (414): browsers and CDNs cap near 8 KB; the site's are short. */
export const MAX_TARGET_LENGTH = 2048;

/** Whether every percent-encoding in the path decodes (only a percent sign can make a path undecodable). */
export function decodes(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
