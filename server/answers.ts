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
  /**
   * Present while the Brotli form is the quick one made at start-up: makes the
   * final one and puts it in place of the quick one (one assignment, so a
   * request sends one or the other, whole). Resolves with the bytes saved.
   */
  finishCompression?: () => Promise<number>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Bodies made at start-up (pages, the search index) are compressed twice.
 * First at a quick Brotli quality, before the server listens: quality 11 for
 * every page would take longer than the start-up budget. Then at quality 11
 * once it listens, one body at a time on the thread pool: the bytes it saves
 * are what keep the largest page (shared hosting, with the consent bar) and
 * its headers inside TCP's first round trip, 10 segments of 1,460 bytes
 * (test/http/budgets.test.ts), and a page past it costs a visitor on a slow
 * network a whole round trip. The figures are in docs/performance.md. Build
 * assets are compressed at quality 11 by the build.
 */
const QUICK_BROTLI_QUALITY = 6;
const FINAL_BROTLI_QUALITY = 11;

const compressibleType = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

const brotliAt = (quality: number, body: Buffer) =>
  brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });

async function compress(source: AnswerSource): Promise<Partial<Record<Encoding, Buffer>>> {
  if (source.compressed) return source.compressed;
  if (!compressibleType.test(source.type)) return {};
  const [br, gz] = await Promise.all([brotliAt(QUICK_BROTLI_QUALITY, source.body), gzipAsync(source.body, { level: 9 })]);
  return { br, gzip: gz };
}

// The quick Brotli form has a validator of its own: a strong ETag names one
// sequence of bytes, and the two forms differ (RFC 9110 §8.8.1).
const etagSuffix = { identity: '', gzip: '-gz', br: '-br', quickBr: `-br${QUICK_BROTLI_QUALITY}` };

/** Makes the finished representations of one answer; compression runs on libuv's thread pool. */
export async function prepareAnswer(source: AnswerSource, common: CommonHeaders): Promise<PreparedAnswer> {
  const compressed = await compress(source);
  const negotiated = Object.keys(compressed).length > 0;
  const vary = [...common.vary, ...(negotiated ? ['Accept-Encoding'] : [])].join(', ');
  // One strong validator per representation, as HTTP requires, from the identity bytes.
  const hash = createHash('sha256').update(source.body).digest('base64url').slice(0, 27);
  const leading = ['X-Request-Id', '', ...common.headers.flat()];
  const represent = (encoding: Encoding, body: Buffer, suffix: string): Representation => {
    const etag = `"${hash}${suffix}"`;
    const caching = ['Cache-Control', source.cacheControl, ...(vary ? ['Vary', vary] : []), 'ETag', etag];
    return {
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
  };
  const quickBr = source.compressed ? undefined : compressed.br;
  const representations = {} as PreparedAnswer['representations'];
  for (const [encoding, body] of [['identity', source.body], ...Object.entries(compressed)] as [Encoding, Buffer][]) {
    representations[encoding] = represent(encoding, body, body === quickBr ? etagSuffix.quickBr : etagSuffix[encoding]);
  }
  const answer: PreparedAnswer = { status: source.status, negotiated, representations };
  if (quickBr) {
    answer.finishCompression = async () => {
      delete answer.finishCompression;
      const br = await brotliAt(FINAL_BROTLI_QUALITY, source.body);
      // A tiny body can come out no smaller; the quick form then stays.
      const saved = quickBr.length - br.length;
      if (saved > 0) representations.br = represent('br', br, etagSuffix.br);
      return Math.max(saved, 0);
    };
  }
  return answer;
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
