// The search page as clients meet it: every query gets a page (never a 5xx),
// and the long one says it was cut; when its render line is full, a 503 at
// once; a visitor who left while in line costs no render. (A burst larger than
// the real line: search-burst.test.ts.)
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareSite, type PreparedSite } from '../../server/prepared-site.js';
import { readManifest } from '../../server/manifest.js';
import type { RenderQueue } from '../../server/render-queue.js';
import { searchPage } from '../../server/search-page.js';
import { distDir, testApp, testConfig } from '../support/app.js';
import { visibleText } from '../support/html.js';
import { openSocket } from '../support/raw-http.js';

const app = testApp();

describe('the search page', () => {
  it.each([
    ['no query', '/search', 'Popular pages'],
    ['an empty query', '/search?q=', 'Popular pages'],
    ['a query of spaces and control characters', '/search?q=%20%00%07%1b%20', 'Popular pages'],
    ['a query in a script the site does not use', `/search?q=${encodeURIComponent('ноутбук 東京')}`, 'Nothing on the site matches'],
    ['the parameter twice', '/search?q=refund&q=pizza', 'results for “refund”'],
    ['the parameter as an object', '/search?q[a]=refund', 'Popular pages'],
    ['malformed percent-encoding', '/search?q=%E0%A4%ZZ', 'Nothing on the site matches'],
  ])('answers %s with a page', async (_, path, shown) => {
    const res = await request(app).get(path).expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(visibleText(res.text)).toContain(shown);
  });

  it('keeps the stronger robots header a staging site sends on every answer (SITE_INDEXING=false)', async () => {
    const res = await request(testApp({ SITE_INDEXING: 'false' }))
      .get('/search?q=refund')
      .expect(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('searches the first 100 characters of a long query, and says so', async () => {
    const res = await request(app)
      .get(`/search?q=refund${'%20refund'.repeat(60)}`)
      .expect(200);
    expect(visibleText(res.text)).toContain('only its first 100 characters were searched');
    expect(visibleText(res.text)).toContain('Can I get my money back?');
  });
});

describe('the search page and its render line', () => {
  let answers: PreparedSite;
  beforeAll(async () => {
    answers = await prepareSite(testConfig(), readManifest(distDir), join(distDir, 'public'));
  });

  /** The search page alone, over a loopback port, with a render line the test holds or refuses. */
  async function searchWith(admit: RenderQueue['admit']) {
    const rendered = vi.fn();
    const server = createServer(express().use(searchPage(answers.searchIndex, answers.render, rendered, { admit })));
    const closed: Promise<void>[] = [];
    server.on('connection', (socket: Socket) => closed.push(once(socket, 'close').then(() => undefined)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, port: (server.address() as AddressInfo).port, rendered, closed };
  }

  it('answers 503 with Retry-After at once, kept by no cache, when the line is full', async () => {
    const { server, port } = await searchWith(() => false);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/search?q=refund`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('Search is busy right now');
    } finally {
      server.close();
    }
  });

  it('renders for a visitor still there at its turn, and for one who left while in line does nothing but free its place', async () => {
    const turns: ((done: () => void) => void)[] = [];
    const { server, port, rendered, closed } = await searchWith((render) => turns.push(render) > 0);
    try {
      const stayed = fetch(`http://127.0.0.1:${port}/search?q=refund`);
      await vi.waitFor(() => expect(turns).toHaveLength(1));
      const done = vi.fn();
      turns[0]!(done);
      const page = await stayed;
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('</html>');
      await vi.waitFor(() => expect(rendered).toHaveBeenCalledTimes(1));
      expect(done).toHaveBeenCalled();

      const left = await openSocket(port);
      left.write('GET /search?q=backups HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await vi.waitFor(() => expect(turns).toHaveLength(2));
      left.destroy();
      await closed.at(-1);
      const freed = vi.fn();
      turns[1]!(freed);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(freed).toHaveBeenCalled();
      expect(rendered).toHaveBeenCalledTimes(1);
    } finally {
      server.close();
    }
  });
});
