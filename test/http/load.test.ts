// A short load test of the real server (the full one is npm run bench -- --load):
// 200 connections while a client trickles its headers on another connection.
// It asserts what clients receive, not how fast: no error, no unexpected status,
// and the slow client does not stop the server answering everyone else.
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { openSocket } from '../support/raw-http.js';
import { startServer } from '../support/server.js';

describe('under load', () => {
  it('answers 200 connections for 5 s with no error and no unexpected status, beside a slow-headers client', async () => {
    // More connections than the default MAX_CONNECTIONS (sized to the pod), as a load balancer's pool on a bigger pod.
    const server = await startServer({ MAX_CONNECTIONS: '400' }, { keepOutput: false });
    const trickler = await openSocket(server.port);
    trickler.on('error', () => undefined);
    trickler.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => trickler.write('X-Slow: 1\r\n'), 500);
    try {
      const result = await autocannon({
        url: server.url,
        connections: 200,
        duration: 5,
        requests: [{ path: '/' }, { path: '/services/shared-hosting' }, { path: '/terms' }, { path: '/assets/missing.js' }],
      });
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.requests.total).toBeGreaterThan(1000);
      const statuses = Object.keys(result.statusCodeStats ?? {})
        .map(Number)
        .sort();
      // Each connection cycles through three pages (200) and one missing asset (404).
      expect(statuses).toEqual([200, 404]);
      expect(server.stderr()).toBe('');
    } finally {
      clearInterval(trickle);
      trickler.destroy();
      await server.stop();
    }
  }, 30_000);
});
