// A burst of distinct search queries larger than the render slots, against
// the built server over raw sockets: each one is rendered or answered 503
// with Retry-After at once; the 503s are counted in the metrics and
// summarised in one warn line, never an access line each.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels } from '../support/labels.js';
import { openSocket, readUntilClose } from '../support/raw-http.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { until } from '../support/until.js';

/** One request on the socket, kept alive, and its answer read: the server has accepted the connection and reads it. */
function answeredOnce(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
    socket.write('HEAD /livez HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
}

describe('a burst of distinct queries', () => {
  let server: RunningServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ METRICS_PORT: String(metricsPort) });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('renders what the slots hold and answers the rest 503 with Retry-After at once, counted and summarised', async () => {
    // Each connection accepted and read by the server first (one request answered on it), then the burst written while
    // the server is paused, so that it reads every request in one turn of its event loop however busy the host is.
    // Written to a running server on a busy host, the requests came in one by one, each found a slot free, and none
    // was refused (CI run 83).
    const port = Number(new URL(server.url).port);
    const sockets = await Promise.all(Array.from({ length: 60 }, () => openSocket(port)));
    await Promise.all(sockets.map(answeredOnce));
    const responses = sockets.map((socket) => readUntilClose(socket));
    server.child.kill('SIGSTOP');
    try {
      await Promise.all(
        sockets.map(
          (socket, i) =>
            new Promise((resolve) =>
              socket.write(`GET /search?q=backups+w${i} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, resolve),
            ),
        ),
      );
    } finally {
      server.child.kill('SIGCONT');
    }
    const answers = (await Promise.all(responses)).map((response) => ({
      status: response.status,
      retryAfter: response.head.match(/^retry-after: (.*)$/im)?.[1]?.trim() ?? null,
      body: response.body,
    }));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(4);
    // Those past the slots are refused (the bound itself is test/unit/render-slots.test.ts's), each with a proper 503.
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe('2');
      expect(answer.body).toContain(labels.searchBusy.title);
    }
    const metrics = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(await metrics()).toMatch(new RegExp(`^http_requests_shed_total ${busy.length}$`, 'm'));
    // One summary line (a second after the first 503), no access line for a 503, nothing at error.
    const lines = () =>
      server
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: string; msg: string; status?: number; shed?: number });
    await until(() => lines().some((line) => line.msg === 'busy: requests answered 503'));
    const summaries = lines().filter((line) => line.msg === 'busy: requests answered 503');
    expect(summaries.map((line) => [line.level, line.shed])).toEqual([['warn', busy.length]]);
    expect(lines().filter((line) => line.status === 503 || line.level === 'error' || line.level === 'fatal')).toEqual([]);
  });
});
