// Static files: hashed build output is cached for a year, precompressed bodies
// are served by Accept-Encoding, and a missing asset is a plain 404, not a page.
import request from 'supertest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../server/manifest.js';
import { distDir, testApp } from '../support/app.js';
import { binary } from '../support/binary.js';

const manifest = readManifest(distDir);
const app = testApp();

describe('static files', () => {
  it('serves the hashed client script as immutable for a year', async () => {
    const res = await request(app).get(manifest.islands.header[0]!).set('Accept-Encoding', 'identity').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toBe(readFileSync(join(distDir, 'public', manifest.islands.header[0]!), 'utf8'));
  });

  it('serves the stylesheet precompressed to clients that accept it', async () => {
    // supertest decodes the gzip body, which proves it is valid gzip of the file.
    const res = await request(app).get(manifest.stylesheet).set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.text).toBe(readFileSync(join(distDir, 'public', manifest.stylesheet), 'utf8'));
  });

  it('serves the build’s own brotli bytes to a client that prefers brotli, and each encoding its own ETag', async () => {
    const file = join(distDir, 'public', manifest.islands.header[0]!);
    const br = await request(app).get(manifest.islands.header[0]!).set('Accept-Encoding', 'br').buffer(true).parse(binary).expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    // The build's compressed file, as many bytes as it has, that decodes to the script.
    expect(Number(br.headers['content-length'])).toBe(readFileSync(`${file}.br`).length);
    expect((br.body as Buffer).equals(readFileSync(file))).toBe(true);
    const tags = await Promise.all(
      ['identity', 'gzip', 'br'].map(
        async (encoding) => (await request(app).get(manifest.islands.header[0]!).set('Accept-Encoding', encoding)).headers.etag,
      ),
    );
    // One hash of the file, and a suffix per encoding: a cache never hands one encoding's bytes to a request for another.
    const hash = /^"([\w-]+)"$/.exec(String(tags[0]))![1]!;
    expect(tags).toEqual([`"${hash}"`, `"${hash}-gz"`, `"${hash}-br"`]);
  });

  it('never serves a compressed sibling as a file of its own', async () => {
    for (const path of [`${manifest.islands.header[0]!}.br`, `${manifest.stylesheet}.gz`]) {
      const res = await request(app).get(path).expect(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/plain/);
    }
    await request(app).get('/favicon.svg.gz').expect(404);
  });

  it('compresses text answers made at start-up, and never images that are compressed already', async () => {
    for (const [path, type] of [
      ['/robots.txt', 'text/plain'],
      ['/sitemap.xml', 'application/xml'],
      ['/site.webmanifest', 'application/manifest+json'],
      ['/', 'text/html'],
    ]) {
      const res = await request(app).get(path!).set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-type'], path).toMatch(new RegExp(`^${type!.replace('+', '\\+')};`));
      expect(res.headers['content-encoding'], path).toBe('gzip');
      expect(res.headers.vary, path).toBe('Accept-Encoding');
    }
    for (const path of ['/og-image.png', '/icon-192.png']) {
      const res = await request(app).get(path).set('Accept-Encoding', 'gzip, br').expect(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      // Nothing to negotiate: no Vary, so every cache keeps one copy.
      expect(res.headers.vary, path).toBeUndefined();
    }
  });

  it('gives unhashed root files a short cache', async () => {
    const res = await request(app).get('/favicon.svg').expect(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/assets/missing-ABCDEF.js', '/assets/', '/assets/lazy/nope.js', '/assets/..%2f..%2fpackage.json'])(
    'answers a missing asset %s with a plain 404',
    async (path) => {
      const res = await request(app).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).not.toContain('<html');
    },
  );
});

describe('health', () => {
  it('answers /livez and /readyz with 200, a one-word plain-text body, no-store and no validator', async () => {
    for (const [path, body] of [
      ['/livez', 'ok\n'],
      ['/readyz', 'ready\n'],
    ] as const) {
      const res = await request(app).get(path).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toBe(body);
      // A probe is asked fresh every time: nothing to revalidate (Express's own ETags are off).
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('answers /readyz with 503 "draining" once shutdown begins, while /livez stays 200 "ok"', async () => {
    const draining = testApp({}, { phase: 'draining' });
    expect((await request(draining).get('/readyz').expect(503)).text).toBe('draining\n');
    expect((await request(draining).get('/livez').expect(200)).text).toBe('ok\n');
  });

  it('answers /readyz with 503 "starting" until start-up has prepared every page, not "draining"', async () => {
    const starting = testApp({}, { phase: 'starting' });
    expect((await request(starting).get('/readyz').expect(503)).text).toBe('starting\n');
    expect((await request(starting).get('/livez').expect(200)).text).toBe('ok\n');
  });
});
