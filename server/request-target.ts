// What the site checks of a request target before routing it: its length, that its path decodes, and its query, which a
// redirect keeps. The path itself is always Express's req.path (parseurl), the metrics listener's included.

/** The query of a target with its "?", or "": "/about?x=1" → "?x=1". */
export function queryOfUrl(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
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
