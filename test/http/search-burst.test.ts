// A burst of distinct search queries larger than the render line, against
// the built server over raw sockets: each one is rendered or answered 503
// with Retry-After at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, readUntilClose } from '../support/raw-http.js';
import { startServer, type RunningServer } from '../support/server.js';

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
