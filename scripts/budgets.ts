// Size budgets, measured on the build output: the JavaScript a page needs at
// load (the entry and everything it imports statically, gzip), the CSS (gzip),
// and each page's whole first response: status line, headers and Brotli body.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * firstResponse: a page's response must arrive in TCP's first round trip, the
 * 10 segments a server may send before the client acknowledges any (RFC 6928).
 * Lighthouse's simulation counts 10 × 1,460 = 14,600 bytes and adds a whole
 * round trip (150 ms on its mobile network) past that; Linux sends 1,448-byte
 * segments when TCP timestamps are on (14,480), and TLS adds its framing. The
 * budget leaves room for both and for a proxy's own headers.
 */
export const budgets = { loadJsGzip: 75 * 1024, cssGzip: 15 * 1024, firstResponse: 14_000 };

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The files a module pulls in before it runs: its static imports, recursively (dynamic import() excluded). */
export function staticImportClosure(publicDir: string, url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const source = readFileSync(join(publicDir, url), 'utf8');
  for (const match of source.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']([^"']+)["']/g)) {
    staticImportClosure(publicDir, posix.join(posix.dirname(url), match[1]!), seen);
  }
  return seen;
}

export function loadJavaScript(publicDir: string, entryUrl: string): { files: string[]; gzipBytes: number } {
  const files = [...staticImportClosure(publicDir, entryUrl)];
  return { files, gzipBytes: files.reduce((sum, url) => sum + gzipSize(join(publicDir, url)), 0) };
}

export function cssGzipBytes(publicDir: string, stylesheetUrl: string): number {
  return gzipSize(join(publicDir, stylesheetUrl));
}
