// Size budgets, measured on the build output and the served pages:
// - beforeActingGzip: the JavaScript a page runs before its visitor does
//   anything: its inline scripts and the modules of its islands upgraded
//   after the first paint (the consent bar); the islands a visitor reaches
//   for, and the illustrations' player (its own bound), come later;
// - islandGzip: each island's own module; sharedChunkGzip: each chunk islands
//   share (React above all), fetched with the first island that needs it and
//   then cached for every page;
// - cssGzip: the stylesheet, inlined in every page;
// - firstRoundTrip: what a first paint needs must arrive in TCP's first round trip.
// - fontsPerPage: how many fonts a page's text is set in, at one width (test/browser/copy-layout.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * firstRoundTrip: the bytes a server may send before the client acknowledges
 * any, 10 segments (RFC 6928). Lighthouse's simulation counts 10 × 1,460 =
 * 14,600 bytes and adds a whole round trip past that; Linux sends 1,448-byte
 * segments when TCP timestamps are on (14,480), and TLS adds its framing. The
 * budget leaves room for both and for a proxy's own headers.
 */
export const budgets = {
  beforeActingGzip: 5 * 1024,
  /** With analytics configured and the consent bar asking: its module runs before the visitor's choice. */
  beforeActingWithConsentGzip: 10 * 1024,
  islandGzip: 8 * 1024,
  sharedChunkGzip: 96 * 1024,
  cssGzip: 15 * 1024,
  firstRoundTrip: 14_000,
  /**
   * The fonts (size and weight of one family) a page's text is set in at one width: the browser looks up and sets up
   * each before it lays out the text in it, a cost per font on a first load whatever the text's length (decision 047).
   */
  fontsPerPage: 12,
};

export const gzipBytes = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;

export const fileGzipBytes = (publicDir: string, url: string) => gzipBytes(readFileSync(join(publicDir, url)));

/**
 * What a page's HTML makes the browser run before its visitor acts: each
 * inline classic or module script (not JSON, JSON-LD or speculation rules)
 * and the modules of each island upgraded at its first paint.
 */
export function javaScriptBeforeActing(
  html: string,
  publicDir: string,
): { scripts: { name: string; gzipBytes: number }[]; gzipBytes: number } {
  const scripts: { name: string; gzipBytes: number }[] = [];
  for (const match of html.matchAll(/<script(?<attributes>[^>]*)>(?<text>[\s\S]*?)<\/script>/g)) {
    const type = /\btype="(?<type>[^"]*)"/.exec(match.groups!.attributes!)?.groups?.type;
    if (type === undefined || type === 'module')
      scripts.push({ name: `inline ${type ?? 'classic'} script`, gzipBytes: gzipBytes(match.groups!.text!) });
  }
  const seen = new Set<string>();
  for (const match of html.matchAll(/<[^>]*\bdata-modules="(?<modules>[^"]+)"[^>]*>/g)) {
    if (!/\bdata-upgrade="paint"/.test(match[0])) continue;
    for (const url of match.groups!.modules!.split(' ')) {
      if (seen.has(url)) continue;
      seen.add(url);
      scripts.push({ name: url, gzipBytes: fileGzipBytes(publicDir, url) });
    }
  }
  return { scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
}

/** What a client holds after the first `bytes` of a Brotli body: the HTML it can decode and parse, a prefix of the page. */
export function decodedPrefix(brotliBody: Buffer, bytes: number): string {
  return brotliDecompressSync(brotliBody.subarray(0, Math.max(0, bytes)), { finishFlush: zlib.BROTLI_OPERATION_FLUSH }).toString('utf8');
}

/**
 * Where in a page's HTML everything a first paint at a phone's size needs has
 * arrived: the head (the inlined stylesheet with it), the header, the page's
 * heading and its first section (or all of <main> where no section follows
 * the heading). Where that ends in the HTML, or -1 where it is not all there.
 */
export function firstPaintEnd(html: string): number {
  const heading = html.indexOf('</h1>');
  if (!html.includes('</head>') || !html.includes('</header>') || heading < 0) return -1;
  // The first section that starts after the heading, wherever it closes.
  const start = html.indexOf('<section', heading);
  if (start < 0) {
    const main = html.indexOf('</main>', heading);
    return main < 0 ? -1 : main + '</main>'.length;
  }
  let depth = 0;
  for (const match of html.slice(start).matchAll(/<(\/?)section\b/g)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return start + match.index + '</section>'.length;
  }
  return -1;
}
