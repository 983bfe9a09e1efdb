// The body of a page rendered per request (PAGE_CACHE=false): what React's
// stream is piped into, compressed on the fly when the client accepts it.
//
// React writes a document as hundreds of small pieces packed into 4 KB views,
// then ends each pass over its queues with flush() (and, when the document is
// complete, end()). Compressing each view as it comes, as the `compression`
// middleware did, costs a zlib job on the thread pool per 4 KB, and so much
// more CPU than the same bytes in one write (docs/performance.md). So the body holds React's writes (corked) until the
// pass ends and hands them on as one chunk; a flush() still reaches the client
// as a sync flush, so a page that suspends streams each pass as before.
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { Encoding } from './encoding.js';

/**
 * Levels for on-the-fly compression, where every request pays for them (the
 * prepared answers are compressed harder, once, at start-up): the levels past
 * which each saves few bytes for much more CPU (docs/performance.md); Brotli
 * quality 4 is the `compression` middleware's default, and what CDNs use for
 * dynamic pages.
 */
const GZIP_LEVEL = 4;
const BROTLI_QUALITY = 4;
/**
 * Brotli's window: 2^18 bytes, more than any page (a pass is at most
 * PASS_HIGH_WATER_MARK). At the default 2^22 each stream's encoder can take
 * megabytes of malloc'd memory, which the allocator keeps after a burst.
 */
const BROTLI_WINDOW_BITS = 18;

/**
 * React stops writing when write() returns false and waits for 'drain'. The
 * body holds a whole pass, so its mark is above any page's size: a page is one
 * pass, one chunk to the compressor.
 */
const PASS_HIGH_WATER_MARK = 256 * 1024;

function compressorFor(encoding: Exclude<Encoding, 'identity'>): Gzip | BrotliCompress {
  return encoding === 'gzip'
    ? createGzip({ level: GZIP_LEVEL })
    : createBrotliCompress({
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS },
      });
}

type Sink = Writable & { flush?: (callback?: () => void) => void };

/** Holds writes between React's flushes and passes each pass on as one chunk. */
class PassBuffer extends Writable {
  #flushQueued = false;

  constructor(private readonly sink: Sink) {
    super({ highWaterMark: PASS_HIGH_WATER_MARK });
    this.cork();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.sink.write(chunk, callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.sink.write(Buffer.concat(chunks.map(({ chunk }) => chunk)), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.sink.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.sink.destroy(error);
    callback(error);
  }

  /** React's end of a pass: the pass goes on now; the compressor is flushed unless end() follows at once. */
  flush(): void {
    this.uncork();
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    queueMicrotask(() => {
      this.#flushQueued = false;
      if (this.writableEnded || this.destroyed) return;
      this.sink.flush?.();
      this.cork();
    });
  }
}

/**
 * What React pipes a streamed page into, once its headers are set (with
 * Content-Encoding for a compressed one). A response closed before the body
 * is done (a client that went away) destroys the body, and React, which
 * listens to it, stops rendering.
 */
export function streamedBody(res: ServerResponse, encoding: Encoding): Writable {
  const compressor = encoding === 'identity' ? undefined : compressorFor(encoding);
  const body = new PassBuffer(compressor ?? res);
  if (compressor) {
    compressor.pipe(res);
    // zlib fails only on a stream already destroyed; the response cannot be finished then.
    compressor.once('error', (error) => res.destroy(error));
  }
  res.once('close', () => {
    if (body.writableFinished) return;
    body.destroy();
    // Its zlib state (~300 KB for Brotli) is freed now, not when collected.
    compressor?.destroy();
  });
  return body;
}
