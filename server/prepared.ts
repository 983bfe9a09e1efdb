// Whatever is the same for every visitor, kept in memory per encoding with its own strong ETag (docs/architecture.md,
// "Prepared responses"). Security headers and the request id come from the middleware before this one.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import fresh from 'fresh';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface PreparedSource {
  status: 200 | 404;
  /** The Content-Type header, charset included. */
  type: string;
  cacheControl: string;
  body: Buffer;
  /** Forms compressed by the build. Without them, text bodies are compressed here. */
  compressed?: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

interface Representation {
  body: Buffer;
  etag: string;
}

export interface PreparedResponse {
  status: number;
  type: string;
  cacheControl: string;
  representations: Partial<Record<Encoding, Representation>> & { identity: Representation };
}

/** A release starts once and sends each body thousands of times; development starts again on every save. */
export interface CompressionLevels {
  gzip: number;
  brotli: number;
}

export const releaseCompression: CompressionLevels = { gzip: 9, brotli: zlib.BROTLI_MAX_QUALITY };
export const developmentCompression: CompressionLevels = { gzip: 1, brotli: zlib.BROTLI_MIN_QUALITY };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressibleType = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** The body and, for a compressible one made at start-up, its gzip form; the Brotli form comes later from addBrotli. */
export async function prepareResponse(source: PreparedSource, levels = releaseCompression): Promise<PreparedResponse> {
  // One strong validator per representation, as HTTP requires (RFC 9110 §8.8.1).
  const hash = createHash('sha256').update(source.body).digest('base64url').slice(0, 27);
  const representations: PreparedResponse['representations'] = { identity: { body: source.body, etag: `"${hash}"` } };
  const gz =
    source.compressed?.gzip ??
    (!source.compressed && compressibleType.test(source.type) ? await gzipAsync(source.body, { level: levels.gzip }) : undefined);
  if (gz) representations.gzip = { body: gz, etag: `"${hash}-gz"` };
  if (source.compressed?.br) representations.br = { body: source.compressed.br, etag: `"${hash}-br"` };
  return { status: source.status, type: source.type, cacheControl: source.cacheControl, representations };
}

// Quality 11 keeps what each page's first paint needs inside TCP's first round trip (test/http/budgets.test.ts). It runs
// on the thread pool while the server already serves the gzip forms, and /readyz says ready only once every page has it.
export async function addBrotli(prepared: PreparedResponse, levels = releaseCompression): Promise<void> {
  const { identity, gzip: gz } = prepared.representations;
  if (prepared.representations.br || !gz) return;
  const params = { [zlib.BROTLI_PARAM_QUALITY]: levels.brotli, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.body.length };
  const br = await brotli(identity.body, { params });
  prepared.representations.br = { body: br, etag: `${identity.etag.slice(0, -1)}-br"` };
}

/** Brotli first when the client rates it as high as gzip: browsers list gzip first, and br is smaller. */
const offered: Encoding[] = ['br', 'gzip', 'identity'];

function representationFor(req: Request, prepared: PreparedResponse): { encoding: Encoding; representation: Representation } {
  const { representations } = prepared;
  const available = offered.filter((encoding) => representations[encoding]);
  if (available.length === 1) return { encoding: 'identity', representation: representations.identity };
  // Even "identity;q=0" gets identity: a body the client can read is better than a 406 (RFC 9110 §12.5.3 allows either).
  const encoding = (new Negotiator(req).encoding(available, { preferred: available }) as Encoding | undefined) ?? 'identity';
  return { encoding, representation: representations[encoding] ?? representations.identity };
}

/** Only a 200 whose ETag the client holds is a 304 (`fresh`: RFC 9110's rules); Node drops the body of a 304 or a HEAD. */
export function sendPrepared(req: Request, res: Response, prepared: PreparedResponse): void {
  const { encoding, representation } = representationFor(req, prepared);
  res.setHeader('Cache-Control', prepared.cacheControl);
  if (prepared.representations.gzip) res.vary('Accept-Encoding');
  res.setHeader('ETag', representation.etag);
  if (prepared.status === 200 && fresh(req.headers, { etag: representation.etag })) {
    res.status(304).end();
    return;
  }
  res.status(prepared.status);
  res.setHeader('Content-Type', prepared.type);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', representation.body.length);
  res.end(representation.body);
}

export function servePrepared(byPath: ReadonlyMap<string, PreparedResponse>): RequestHandler {
  return (req, res, next) => {
    const prepared = byPath.get(req.path);
    if (prepared) sendPrepared(req, res, prepared);
    else next();
  };
}
