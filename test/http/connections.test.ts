// What the process owes every client it accepted, and what no client may take
// from it: the real server (dist/, as the container runs it) under SIGTERM
// with load, refused uploads, trickling and non-reading clients, and the
// access log as a log collector reads it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../server/manifest.js';
import { distDir } from '../support/app.js';
import { startLoad } from '../support/load.js';
import { openSocket, rawRequest, readUntilClose, reconnectingFlood } from '../support/raw-http.js';
import { startServer, type RunningServer } from '../support/server.js';
import { probeUntil, until } from '../support/until.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const requestLines = (server: RunningServer) =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'));

describe('SIGTERM under load', () => {
  it('loses no request: 50 keep-alive connections are answered through the announce delay, as a load balancer takes the instance out; exit 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT: '10', SHUTDOWN_DELAY: '2' });
    const load = startLoad({ url: server.url, paths: ['/', '/about', '/services/shared-hosting', '/no-such-page'], connections: 50 });
    await sleep(1_500);
    const before = load.snapshot().total;
    const exited = server.stop('SIGTERM');
    // A load balancer stops sending within the announce delay (/readyz says 503
    // at once); until then every request is answered as before. Past the
    // delay, http.Server's close() closes the idle connections, which only a
    // client the load balancer still sent would meet (test/proxy/ covers nginx).
    await sleep(1_000);
    const result = await load.stop();
    const exitCode = await exited;
    console.log(
      `SIGTERM under load: ${result.total} requests (${before} before the signal), ${JSON.stringify(result.statuses)}, failures ${JSON.stringify(result.errors)}`,
    );
    expect(exitCode).toBe(0);
    expect(result.errors).toEqual({});
    expect(Object.keys(result.statuses).sort()).toEqual(['200', '404']);
    expect(result.total - before).toBeGreaterThan(200);
    // Every answer the clients received was logged.
    expect(requestLines(server)).toHaveLength((result.statuses[200] ?? 0) + (result.statuses[404] ?? 0));
    expect(server.stderr()).toBe('');
  }, 30_000);

  it('logs and ignores a second SIGTERM: the request in flight still completes and the exit is clean', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT: '8' });
    const slow = await openSocket(server.port);
    const answer = readUntilClose(slow);
    slow.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // The client is still writing its request, a header line every 400 ms.
    const trickle = setInterval(() => slow.write('X-Slow: 1\r\n'), 400);
    const exited = server.stop('SIGTERM');
    await sleep(300);
    server.child.kill('SIGTERM');
    await sleep(300);
    server.child.kill('SIGINT');
    await sleep(2_000);
    clearInterval(trickle);
    slow.write('\r\n');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.head).toMatch(/\r\nConnection: close/i);
    expect(await exited).toBe(0);
    expect(server.stdout().match(/already shutting down: signal ignored/g)).toHaveLength(2);
  }, 20_000);
});

function writable(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

/** Sends a request and its whole body before reading anything, as simple clients do. */
async function uploadThenRead(port: number, requestHead: string, bytes: number) {
  const socket = await openSocket(port);
  socket.pause();
  let writeError: string | undefined;
  socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code));
  socket.write(requestHead);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  for (let sent = 0; sent < bytes && !writeError && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) await writable(socket);
  }
  // A reset while uploading destroys the socket, and the response with it.
  if (socket.destroyed) return { status: 0, head: '', writeError };
  // The connection stays open (Node reads and discards the body): the head is what the client reads.
  const head = await new Promise<string>((resolve) => {
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n\r\n')) resolve(received.slice(0, received.indexOf('\r\n\r\n')));
    });
    socket.on('close', () => resolve(received));
    socket.resume();
  });
  socket.destroy();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, writeError };
}

describe('bodies where none is expected', () => {
  const size = 50 * 1024 * 1024;

  it('answers a 50 MB POST with a 405 the client can read after uploading', async () => {
    const server = await startServer();
    const response = await uploadThenRead(
      server.port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
    expect(response.status).toBe(405);
    expect(response.head).toMatch(/\r\nAllow: GET, HEAD/i);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 30_000);

  it('refuses a body on GET (even to /livez and /assets) with 413 the client can read after uploading', async () => {
    const server = await startServer();
    const script = readManifest(distDir).islands.header[0]!;
    for (const path of ['/livez', script, '/']) {
      const response = await uploadThenRead(
        server.port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${size}\r\n\r\n`,
        size,
      );
      expect(response.status, path).toBe(413);
    }
    const livez = await rawRequest(server.port, 'POST /livez HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\nhi');
    expect(livez.status).toBe(405);
    expect(await server.stop()).toBe(0);
  }, 60_000);
});

describe('the connection cap', () => {
  it('closes connections past MAX_CONNECTIONS at once, and frees the places of idle and half-sent ones within 10 s', async () => {
    const server = await startServer({ MAX_CONNECTIONS: '10' }, { keepOutput: false });
    const held: Socket[] = [];
    for (let i = 0; i < 10; i++) {
      const socket = await openSocket(server.port);
      socket.on('error', () => undefined);
      // Read, so that the server's close is seen.
      socket.resume();
      if (i % 2) socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow');
      held.push(socket);
    }
    await sleep(200);
    // Past the cap, Node closes the new connection without a response.
    await expect(fetch(`${server.url}/`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    // headersTimeout (10 s, checked every second) closes the idle and the half-sent connections alike.
    await until(() => held.every((socket) => socket.destroyed || socket.readableEnded), 15_000);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    for (const socket of held) socket.destroy();
    expect(await server.stop()).toBe(0);
  }, 30_000);
});

/** The site as the Deployment runs it: its memory limit, its MAX_CONNECTIONS, its heap size (and the image's glibc setting). */
async function startAsDeployed() {
  const deployment = parseAllDocuments(
    readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'kubernetes', 'deployment.yaml'), 'utf8'),
  )[0]!.toJS();
  const container = deployment.spec.template.spec.containers[0];
  const env = Object.fromEntries((container.env as { name: string; value: string }[]).map((v) => [v.name, v.value]));
  const server = await startServer(
    { MAX_CONNECTIONS: env.MAX_CONNECTIONS!, NODE_OPTIONS: env.NODE_OPTIONS ?? '', MALLOC_ARENA_MAX: '2' },
    { keepOutput: false },
  );
  const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;
  return {
    server,
    limitMiB: Number(/^(\d+)Mi$/.exec(container.resources.limits.memory)![1]),
    maxConnections: Number(env.MAX_CONNECTIONS),
    rssMiB,
    /** Samples RSS every 20 ms; the returned function stops and gives the peak. */
    peakRss: () => {
      let peak = rssMiB();
      const sampler = setInterval(() => {
        if (server.child.exitCode === null && server.child.signalCode === null) peak = Math.max(peak, rssMiB());
      }, 20);
      return () => {
        clearInterval(sampler);
        return peak;
      };
    },
  };
}

describe('slow and stalled clients', () => {
  it('keeps memory under the pod’s limit while clients pipeline requests and never read, and drops them when they stall', async () => {
    const { server, limitMiB, maxConnections, rssMiB, peakRss } = await startAsDeployed();
    const openSockets = () => readdirSync(`/proc/${server.child.pid}/fd`).length;
    const baseline = { rss: rssMiB(), fds: openSockets() };

    // As many connections as the pod takes, each writing 64 KB of pipelined
    // requests for the home page, and as many again pipelining requests for the
    // 237 KB script; none of them reads.
    const script = readManifest(distDir).islands.header[0]!;
    const floods = ['GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(2400), `GET ${script} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(50)];
    // Connected first, then all writing at once: the worst case, every flood
    // parsed in the same turn of the event loop.
    const attackers: Socket[] = [];
    for (let i = 0; i < 4 * maxConnections; i++) {
      const socket = await openSocket(server.port).catch(() => undefined);
      if (!socket) continue;
      socket.on('error', () => undefined);
      socket.pause();
      attackers.push(socket);
    }
    for (const [i, socket] of attackers.entries()) socket.write(floods[i % 2]!);
    const stop = peakRss();
    // Stalled responses are abandoned after 15 s without progress.
    await sleep(18_000);
    const peak = stop();
    const after = openSockets();
    console.log(
      `memory under attack: RSS ${baseline.rss.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (limit ${limitMiB} MiB, MAX_CONNECTIONS ${maxConnections}); open descriptors ${baseline.fds} before, ${after} after the stall timeout`,
    );
    expect(peak).toBeLessThan(limitMiB);
    expect(server.child.exitCode).toBeNull();
    expect(after).toBeLessThanOrEqual(baseline.fds + 2);
    expect((await fetch(`${server.url}/about`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    for (const socket of attackers) socket.destroy();
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it('survives clients that pipeline thousands of requests, read a little, hang up and come back, for 20 s', async () => {
    const { server, limitMiB, maxConnections, peakRss } = await startAsDeployed();
    const flood = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(2000);
    // Twice as many clients as the cap (those refused retry at once), each in a loop: connect, write the flood, after half a second read what has come, hang up.
    const readWhatCame = async (socket: Socket) => {
      await sleep(500);
      const read = new Promise((resolve) => socket.once('data', resolve));
      socket.resume();
      await Promise.race([read, sleep(1_000)]);
    };
    const stop = peakRss();
    const connections = await reconnectingFlood(server.port, { clients: 2 * maxConnections, seconds: 20, flood, handle: readWhatCame });
    const peak = stop();
    console.log(
      `reconnecting pipelining flood: ${connections} connections in 20 s, peak RSS ${peak.toFixed(0)} MiB (limit ${limitMiB} MiB)`,
    );
    expect(server.child.exitCode, server.stderr().slice(0, 300)).toBeNull();
    expect(peak).toBeLessThan(limitMiB);
    // Node parses every request it has read, so the process works through the flood's backlog for some seconds
    // after it ends (behind the proxy, which never pipelines to it, no such flood arrives); then it answers again.
    const about = () =>
      fetch(`${server.url}/about`, { signal: AbortSignal.timeout(2_000) }).then(
        (res) => res.status,
        () => 0,
      );
    expect(await probeUntil(about, (status) => status === 200, 30_000)).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 90_000);
});

describe('the access log, as a log collector reads it', () => {
  it('writes each line within a second at any traffic, and keeps it through a SIGKILL', async () => {
    const server = await startServer();
    // One request alone, then nothing: how long until its line is on stdout.
    await fetch(`${server.url}/about`);
    const answered = performance.now();
    while (requestLines(server).length < 1 && performance.now() - answered < 2_000) await sleep(2);
    const latencyMs = performance.now() - answered;
    console.log(`access log: a lone request's line reached stdout ${latencyMs.toFixed(1)} ms after its answer`);
    expect(latencyMs).toBeLessThan(1_000);
    for (let i = 0; i < 9; i++) await fetch(`${server.url}/about`);
    await sleep(1_000);
    expect(requestLines(server)).toHaveLength(10);
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/no-such-page`);
    await sleep(200);
    server.child.kill('SIGKILL');
    await server.stop();
    const lines = requestLines(server).map((line) => JSON.parse(line) as { status: number; ip: string; path: string; durationMs: number });
    expect(lines).toHaveLength(15);
    expect(lines.at(-1)).toMatchObject({ status: 404, ip: '127.0.0.1', path: '/no-such-page' });
    // What one line says of its request: who asked for what, the answer, and how long it took.
    for (const line of lines) {
      expect(line).toMatchObject({ method: 'GET', requestId: expect.stringMatching(/^[\w-]{8,}$/), bytes: expect.any(Number) });
      expect(line.durationMs).toBeGreaterThan(0);
      expect(line.durationMs).toBeLessThan(1_000);
    }
  });

  it('logs the requests Node’s parser refuses before the app sees them', async () => {
    const server = await startServer();
    const smuggling = await rawRequest(
      server.port,
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expect(smuggling.status).toBe(400);
    const oversized = await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(oversized.status).toBe(431);
    // Whole lines only (the last may still be arriving), once both have been flushed.
    const rejectedLines = () =>
      server
        .stdout()
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.includes('rejected by the parser'));
    await until(() => rejectedLines().length >= 2);
    const rejected = rejectedLines().map((line) => JSON.parse(line) as { status: number; code: string });
    expect(rejected.map((line) => line.status)).toEqual([400, 431]);
    expect(rejected[1]!.code).toBe('HPE_HEADER_OVERFLOW');
    expect(await server.stop()).toBe(0);
  });
});
