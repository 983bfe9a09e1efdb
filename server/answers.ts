// Prepared answers: whatever the site serves that is the same for every
// visitor (pages, build assets, robots.txt, the sitemap, security.txt, the
// manifest, the share image, the search index) is made once at start-up into
// the finished bytes of each representation: status, every header, the body
// per encoding, and its ETag. One sender answers them all; per request it only
// picks the representation, checks freshness and writes the request id.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fresh from 'fresh';
import { encodingFor, type Encoding } from './encoding.js';

/** What a prepared answer is made from. */
export interface AnswerSource {
  status: 200 | 404;
  /** The Content-Type header, charset included. */
  type: string;
  cacheControl: string;
  body: Buffer;
  /** Forms compressed at build time. Without them, text bodies are compressed here. */
  compressed?: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

/** Headers every answer carries, in the order the middleware sets them (security headers, X-Robots-Tag). */
export interface CommonHeaders {
  headers: [string, string][];
  /** Request headers every answer depends on (X-Forwarded-Proto behind FORCE_HTTPS), before Accept-Encoding. */
  vary: string[];
}

interface Representation {
  body: Buffer;
  /** The answer's headers as Node's flat [name, value, …] list; index 1 is the request id's slot. */
  headers: string[];
  /** The same for a 304: validators and caching headers, no representation metadata (RFC 9110 §15.4.5). */
  notModified: string[];
  /** For `fresh`: the response headers it compares with. */
  validators: { etag: string };
}

export interface PreparedAnswer {
  status: number;
  /** Whether representations differ by Accept-Encoding. */
  negotiated: boolean;
  representations: Partial<Record<Encoding, Representation>> & { identity: Representation };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality for bodies compressed at start-up (pages, the search index).
 * Measured on the nine pages: quality 6 takes 12 ms for all of them, quality 11
 * 573 ms for 12% fewer bytes (~470 B a page, each page staying far inside the
 * first round trip's 14 KB either way); start-up time wins. Build assets are
 * compressed at quality 11 by the build.
 */
const START_UP_BROTLI_QUALITY = 6;

const compressibleType = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

async function compress(source: AnswerSource): Promise<Partial<Record<Encoding, Buffer>>> {
  if (source.compressed) return source.compressed;
  if (!compressibleType.test(source.type)) return {};
  const [br, gz] = await Promise.all([
    brotli(source.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: START_UP_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.body.length },
    }),
    gzipAsync(source.body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

const etagSuffix: Record<Encoding, string> = { identity: '', gzip: '-gz', br: '-br' };

/** Makes the finished representations of one answer; compression runs on libuv's thread pool. */
export async function prepareAnswer(source: AnswerSource, common: CommonHeaders): Promise<PreparedAnswer> {
  const compressed = await compress(source);
  const negotiated = Object.keys(compressed).length > 0;
  const vary = [...common.vary, ...(negotiated ? ['Accept-Encoding'] : [])].join(', ');
  // One strong validator per representation, as HTTP requires, from the identity bytes.
  const hash = createHash('sha256').update(source.body).digest('base64url').slice(0, 27);
  const representations = {} as PreparedAnswer['representations'];
  const leading = ['X-Request-Id', '', ...common.headers.flat()];
  for (const [encoding, body] of [['identity', source.body], ...Object.entries(compressed)] as [Encoding, Buffer][]) {
    const etag = `"${hash}${etagSuffix[encoding]}"`;
    const caching = ['Cache-Control', source.cacheControl, ...(vary ? ['Vary', vary] : []), 'ETag', etag];
    representations[encoding] = {
      body,
      headers: [
        ...leading,
        'Content-Type',
        source.type,
        ...caching,
        ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
        'Content-Length',
        String(body.length),
      ],
      notModified: [...leading, ...caching],
      validators: { etag },
    };
  }
  return { status: source.status, negotiated, representations };
}

/**
 * The one sender of prepared answers. A 200 whose ETag the client holds is a
 * 304 (the `fresh` package applies RFC 9110's rules: If-None-Match lists,
 * weak comparison, `*`, and a request's `Cache-Control: no-cache`); other
 * statuses always carry their body. HEAD gets the headers alone.
 */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer, requestId: string): void {
  const { representations } = answer;
  const representation = (answer.negotiated && representations[encodingFor(req.headers['accept-encoding'])]) || representations.identity;
  const notModified = answer.status === 200 && fresh(req.headers, representation.validators);
  // The prepared list itself takes this request's id: writeHead copies the
  // headers out before it returns, so the next request's id cannot reach this
  // answer, and no list is allocated per request.
  const headers = notModified ? representation.notModified : representation.headers;
  headers[1] = requestId;
  res.writeHead(notModified ? 304 : answer.status, headers);
  // Node sends no body after a 304 or in answer to HEAD (the http module drops it, as RFC 9110 requires).
  res.end(representation.body);
}
