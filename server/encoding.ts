// Content negotiation for bodies compressed ahead of time (prepared answers):
// no response pays for compression.
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Brotli first when the client rates it as high as gzip: browsers list gzip first, and br is ~10% smaller. */
const offered: Encoding[] = ['br', 'gzip', 'identity'];

// negotiator parses the header on every call, a cost that shows in a cached
// answer's throughput; browsers send a handful of distinct headers, so the
// answer is remembered, in a bounded cache because headers come from the internet.
const remembered = new LRUCache<string, Encoding>({ max: 256 });

/** The encoding to send for an Accept-Encoding header: q-values honoured, identity when nothing else is acceptable. */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = remembered.get(acceptEncoding);
  if (encoding) return encoding;
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(offered, { preferred: offered });
  // Even "identity;q=0" gets identity: a body it can read is better than a 406 (RFC 9110 §12.5.3 allows either).
  encoding = (chosen as Encoding | undefined) ?? 'identity';
  remembered.set(acceptEncoding, encoding);
  return encoding;
}
