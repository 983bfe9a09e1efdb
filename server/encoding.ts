// Content negotiation and sending of bodies that were compressed ahead of time
// (cached pages, build assets): no response pays for compression.
import type { Request, Response } from 'express';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts, honouring q-values (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let best: Encoding = 'identity';
  let bestQ = 0;
  let wildcardQ: number | undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    // Parameter names are case-insensitive: "br;Q=0" refuses Brotli too.
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(value) ? value : 0;
    if (name === '*') wildcardQ = weight;
    else q.set(name, weight);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = q.get(encoding) ?? wildcardQ ?? 0;
    if (weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
}

/** Sends a finished body in the given encoding; HEAD gets the same headers and no body. */
export function sendBody(req: Request, res: Response, body: Buffer, encoding: Encoding = 'identity'): void {
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
