// Graceful shutdown of the real server: on SIGTERM it stops being ready at
// once, finishes the request in flight, and exits 0.
import { describe, expect, it } from 'vitest';
import { openSocket, rawRequest, readUntilClose } from '../support/raw-http.js';
import { startServer } from '../support/server.js';
import { probeUntil } from '../support/until.js';

describe('graceful shutdown', () => {
  it('goes unready, stops listening after the announce delay, completes the request in flight with Connection: close, and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT: '5' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // A slow client: its request has begun but is not finished when SIGTERM arrives.
    const slow = await openSocket(server.port);
    const slowResponse = readUntilClose(slow);
    slow.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));

    // It goes on writing its request, a header line every 400 ms.
    const trickle = setInterval(() => slow.write('X-Slow: 1\r\n'), 400);
    const exited = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await rawRequest(server.port, 'GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(ready.status).toBe(503);

    // Past the announce delay (2 s) the listener closes: new connections are
    // refused, and answers now close their connections. (The server is another
    // process, its timer late when the machine is busy: wait for the refusal.)
    const connecting = () =>
      openSocket(server.port).then(
        (socket) => void socket.destroy(),
        (error: unknown) => (error as NodeJS.ErrnoException).code,
      );
    expect(await probeUntil(connecting, (refused) => refused === 'ECONNREFUSED')).toBe('ECONNREFUSED');
    await expect(fetch(`${server.url}/`)).rejects.toThrow();
    clearInterval(trickle);
    slow.write('User-Agent: slow-client\r\n\r\n');
    const response = await slowResponse;
    expect(response.status).toBe(200);
    expect(response.head).toMatch(/\r\nConnection: close/i);
    expect(response.body).toContain('Your Hosting Allies');

    expect(await exited).toBe(0);
    expect(server.stderr()).toBe('');
    const log = server.stdout();
    expect(log).toContain('"msg":"shutting down: no longer ready, draining"');
    expect(log).toContain('"msg":"stopped"');
  });

  it.each([
    ['whole header lines', '', 'X-Slow: 1\r\n', 500],
    // Node's headersTimeout alone lets bytes inside one header line go on until requestTimeout.
    ['bytes inside one header line', 'X-Slow: ', 'a', 300],
  ])(
    'cuts off a client that trickles %s within 10 s, and goes on serving others',
    async (_, start, piece, everyMs) => {
      const server = await startServer();
      const started = performance.now();
      const trickler = await openSocket(server.port);
      const cutOff = readUntilClose(trickler);
      trickler.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${start}`);
      const timer = setInterval(() => trickler.write(piece), everyMs);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const answer = await cutOff;
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      expect(seconds).toBeLessThan(11.5);
      expect([0, 408]).toContain(answer.status);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
    },
    20_000,
  );

  it('drains, not dies, on a SIGTERM sent the moment it says it is ready', async () => {
    // An orchestrator may act on the line at once. Before the drain was put in
    // place ahead of the line, a loaded machine let the line out first, and the
    // signal killed the process (exit by signal, no drain, no answer).
    for (let start = 0; start < 5; start++) {
      const server = await startServer({ SHUTDOWN_DELAY: '0' });
      const exited = server.stop('SIGTERM');
      expect(await exited).toBe(0);
      expect(server.stdout()).toContain('"msg":"shutting down: no longer ready, draining"');
    }
  });

  it('answers oversized request headers with 431', async () => {
    const server = await startServer();
    const response = await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(response.status).toBe(431);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    await server.stop();
  });
});
