// The search page as clients meet it: every query gets a page (never a 5xx),
// the long one says it was cut, and a burst of distinct queries larger than
// the line is answered 503 with Retry-After at once, while the rest render.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';
import { visibleText } from '../support/html.js';
import { openSocket, readUntilClose } from '../support/raw-http.js';
import { startServer, type RunningServer } from '../support/server.js';

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

  it('searches the first 100 characters of a long query, and says so', async () => {
    const res = await request(app)
      .get(`/search?q=refund${'%20refund'.repeat(60)}`)
      .expect(200);
    expect(visibleText(res.text)).toContain('only its first 100 characters were searched');
    expect(visibleText(res.text)).toContain('Can I get my money back?');
  });
});

describe('a burst of distinct queries', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('renders what the line holds and answers the rest 503 with Retry-After at once', async () => {
    // Every connection open first, then every request written at once.
    const port = Number(new URL(server.url).port);
    const sockets = await Promise.all(Array.from({ length: 60 }, () => openSocket(port)));
    const responses = sockets.map((socket) => readUntilClose(socket));
    sockets.forEach((socket, i) => socket.write(`GET /search?q=backups+w${i} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    const answers = (await Promise.all(responses)).map((response) => ({
      status: response.status,
      retryAfter: response.head.match(/^retry-after: (.*)$/im)?.[1]?.trim() ?? null,
      body: response.body,
    }));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(17);
    // How many find the line full depends on how fast this machine renders
    // against how fast the burst arrives (the line's bound itself is
    // test/unit/render-queue.test.ts's); each of them is a proper 503.
    const busy = answers.filter((answer) => answer.status === 503);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe('2');
      expect(answer.body).toContain('Search is busy');
    }
  });
});
