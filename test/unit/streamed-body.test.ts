// The body of a page rendered per request, on a real listener: what reaches
// the client when React writes a pass, flushes it, and ends the document.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, gzipSync, brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Encoding } from '../../server/encoding.js';
import { streamedBody } from '../../server/streamed-body.js';
import { until } from '../support/until.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server whose one answer's body the test writes, as React would. */
async function bodyServer(encoding: Encoding) {
  const server = createServer();
  servers.push(server);
  const bodies: Writable[] = [];
  /** The size of each write to the response: what each pass costs the connection. */
  const writes: number[] = [];
  server.on('request', (_req, res: ServerResponse) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const write = res.write.bind(res) as (chunk: Buffer, callback?: () => void) => boolean;
    res.write = ((chunk: Buffer, callback?: () => void) => {
      writes.push(chunk.length);
      return write(chunk, callback);
    }) as typeof res.write;
    bodies.push(streamedBody(res, encoding));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const response = new Promise<IncomingMessage>((resolve) =>
    request({ port, host: '127.0.0.1' }, resolve)
      // A client the test sends away (or that outlives its test) ends with a reset.
      .on('error', () => undefined)
      .end(),
  );
  await until(() => bodies.length === 1);
  return { body: bodies[0] as Writable & { flush(): void }, response, writes };
}

/** The client's view: the decoded text received so far, and every raw byte. */
function receive(response: IncomingMessage, encoding: Encoding) {
  const received = { text: '', raw: [] as Buffer[], ended: false };
  response.on('data', (chunk: Buffer) => received.raw.push(chunk));
  const decoder = encoding === 'gzip' ? createGunzip() : encoding === 'br' ? createBrotliDecompress() : undefined;
  const text = decoder ? response.pipe(decoder) : response;
  text.on('data', (chunk: Buffer) => (received.text += chunk.toString()));
  text.on('end', () => (received.ended = true));
  return received;
}

// Pieces the size React writes (many of them small), for a page of ~50 KB.
const pieces = Array.from({ length: 2_000 }, (_, i) => `<li class="item-${i % 7}">Plan ${i}</li>`);
const document = pieces.join('');

describe('the body of a page streamed per request', () => {
  for (const encoding of ['gzip', 'br', 'identity'] as const) {
    it(`delivers each flushed pass before the document ends, and then the whole document (${encoding})`, async () => {
      const { body, response } = await bodyServer(encoding);
      body.write('<html><body><p>First pass</p>');
      body.flush();
      const received = receive(await response, encoding);
      await until(() => received.text.includes('First pass'));
      expect(received.ended).toBe(false);

      for (const piece of pieces) body.write(piece);
      body.flush();
      body.end('</body></html>');
      await until(() => received.ended);
      expect(received.text).toBe(`<html><body><p>First pass</p>${document}</body></html>`);
    });
  }

  for (const encoding of ['gzip', 'identity'] as const) {
    it(`delivers every later pass before the document ends too, each as one write, however often React flushes between (${encoding})`, async () => {
      const { body, response, writes } = await bodyServer(encoding);
      body.write('<html><body><p>First pass</p>');
      // A flush with nothing written since the last one: the next pass is held and flushed as before.
      body.flush();
      body.flush();
      const received = receive(await response, encoding);
      await until(() => received.text.includes('First pass'));
      const written = writes.length;

      for (const piece of pieces) body.write(piece);
      body.flush();
      await until(() => received.text.endsWith(document));
      expect(received.ended).toBe(false);
      if (encoding === 'identity') expect(writes.slice(written)).toEqual([Buffer.byteLength(document)]);

      body.write('<p>Third pass</p>');
      body.flush();
      await until(() => received.text.endsWith('<p>Third pass</p>'));
      body.end('</body></html>');
      await until(() => received.ended);
      expect(received.text).toBe(`<html><body><p>First pass</p>${document}<p>Third pass</p></body></html>`);
    });
  }

  it('sends a document written in one pass as one compressed stream, with no flush block inside', async () => {
    for (const [encoding, oneShot] of [
      ['gzip', (text: string) => gzipSync(text, { level: 4 })],
      [
        'br',
        (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } }),
      ],
    ] as const) {
      const { body, response } = await bodyServer(encoding);
      for (const piece of pieces) body.write(piece);
      // React's last pass: flush(), then end() at once.
      body.flush();
      body.end();
      const received = receive(await response, encoding);
      await until(() => received.ended);
      expect(received.text).toBe(document);
      // Byte for byte what compressing the whole document at once gives: the pass was not flushed on its own.
      expect(Buffer.concat(received.raw).equals(oneShot(document)), encoding).toBe(true);
    }
  });

  it('passes a pass of many small writes to the connection as one write, and never asks React to wait within it', async () => {
    // A long pass, above Node's default buffer (64 KB) and within the body's own.
    const pass = [...pieces, ...pieces, ...pieces];
    const { body, response, writes } = await bodyServer('identity');
    const accepted = pass.map((piece) => body.write(piece));
    body.flush();
    const received = receive(await response, 'identity');
    await until(() => received.text.length === 3 * document.length);
    expect(accepted.every(Boolean)).toBe(true);
    expect(writes).toEqual([3 * Buffer.byteLength(document)]);
    body.end();
  });

  it('destroyed by a failed render, destroys the response with the error and closes', async () => {
    const { body, response } = await bodyServer('identity');
    body.write('<html><body><p>First pass</p>');
    body.flush();
    const res = await response;
    const aborted = new Promise((resolve) => res.on('aborted', resolve).on('error', resolve).on('close', resolve));
    const closed = new Promise((resolve) => body.on('close', resolve));
    body.on('error', () => undefined);
    body.destroy(new Error('the render failed'));
    await closed;
    await aborted;
    expect(res.complete).toBe(false);
  });

  it('is destroyed when the client goes away mid-document, so the render stops', async () => {
    for (const encoding of ['br', 'identity'] as const) {
      const { body, response } = await bodyServer(encoding);
      body.write('<html><body><p>First pass</p>');
      body.flush();
      const res = await response;
      res.destroy();
      await until(() => body.destroyed);
      expect(body.writableFinished, encoding).toBe(false);
    }
  });
});
