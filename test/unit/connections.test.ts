// The connection guard, in-process on a real listener: what one client may
// hold of the server. (test/http/connections.test.ts drives the built server
// with the same clients at scale; this one checks each limit at its edge.)
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connections, lingerBeforeClosing, REUSE_GRACE_MS, type ConnectionLimits } from '../../server/connections.js';
import { openSocket, readUntilClose } from '../support/raw-http.js';
import { until } from '../support/until.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers: Server[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A guarded server whose answers the test holds until it writes them. */
async function guardedServer(limits: Partial<ConnectionLimits> = {}) {
  const server = createServer();
  servers.push(server);
  const connections = new Connections(server, { maxConnections: 10, maxPipelined: 8, stallMs: 15_000, ...limits });
  const held: ServerResponse[] = [];
  server.on(
    'request',
    connections.guard((_req, res) => void held.push(res)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, connections, held, port: (server.address() as AddressInfo).port };
}

const get = (path = '/') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const closedSocket = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('the connection tracker, which the metrics read for the requests in flight', () => {
  it('counts a request from its arrival until its answer is done, across connections', async () => {
    const { connections, held, port } = await guardedServer();
    const url = `http://127.0.0.1:${port}/`;
    const first = fetch(url);
    const second = fetch(url);
    await until(() => held.length === 2);
    expect(connections.requestsInFlight()).toBe(2);
    expect(connections.size).toBe(2);
    held[0]?.end('one');
    expect(await (await first).text()).toBe('one');
    expect(connections.requestsInFlight()).toBe(1);
    held[1]?.end('two');
    expect(await (await second).text()).toBe('two');
    expect(connections.requestsInFlight()).toBe(0);
  });

  it('forgets a connection once it closes', async () => {
    const { connections, port } = await guardedServer();
    const socket = await openSocket(port);
    await until(() => connections.size === 1);
    socket.destroy();
    await until(() => connections.size === 0);
  });
});

describe('the connection cap, which bounds memory but never locks visitors out', () => {
  const closed = (socket: Socket) => socket.destroyed || socket.readyState === 'closed';
  const answer = async (socket: Socket, held: ServerResponse[]) => {
    const count = held.length;
    socket.write(get());
    await until(() => held.length === count + 1);
    held[count]?.end('ok');
  };

  it('lets a new connection in by closing the longest-idle one of the client holding the most', async () => {
    const { connections, held, port } = await guardedServer({ maxConnections: 4 });
    // The visitor's connection is the oldest of all: the hoarder's address is chosen for holding the most, not for coming first.
    const visitor = await openSocket(port, { localAddress: '127.0.0.3' });
    const first = await openSocket(port, { localAddress: '127.0.0.2' });
    const [second, third] = [await openSocket(port, { localAddress: '127.0.0.2' }), await openSocket(port, { localAddress: '127.0.0.2' })];
    await until(() => connections.size === 4);
    await sleep(REUSE_GRACE_MS + 100); // past the grace of a connection that has just answered
    await answer(first, held); // the first hoarded connection was active last
    const newcomer = await openSocket(port, { localAddress: '127.0.0.4' });
    await until(() => closed(second));
    expect([visitor, first, third, newcomer].map(closed)).toEqual([false, false, false, false]);
    expect(connections.size).toBe(4);
    await answer(newcomer, held);
  });

  it('closes an idle connection before one whose request is arriving', async () => {
    const { connections, port } = await guardedServer({ maxConnections: 2 });
    const arriving = await openSocket(port);
    const idle = await openSocket(port);
    arriving.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await until(() => connections.size === 2);
    await sleep(REUSE_GRACE_MS + 100);
    await openSocket(port);
    await until(() => closed(idle));
    expect(closed(arriving)).toBe(false);
  });

  it('keeps a connection whose request is arriving even when it has been quiet longer than an idle one', async () => {
    const { connections, held, port } = await guardedServer({ maxConnections: 2 });
    const idle = await openSocket(port);
    const arriving = await openSocket(port);
    arriving.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(1_100);
    await answer(idle, held); // active last, and idle again
    idle.resume(); // its answer read, so that its close is seen
    await sleep(REUSE_GRACE_MS + 100);
    await openSocket(port);
    await until(() => closed(idle));
    expect(closed(arriving)).toBe(false);
    expect(connections.size).toBe(2);
  });

  it('closes no connection that answered within the last two seconds (a proxy may be sending on it): the newcomer comes in above the cap, up to twice it', async () => {
    // The tracker's clock (performance.now()) moved by hand: "within the grace" is then exact, where a
    // sleep of 1.5 s could outlast the 2 s grace on a busy machine before the newcomers arrive.
    vi.useFakeTimers({ toFake: ['performance'] });
    const { server, connections, held, port } = await guardedServer({ maxConnections: 2 });
    // Node's own keep-alive timer closes no connection during the test: only the cap does.
    server.keepAliveTimeout = 60_000;
    const kept = [await openSocket(port), await openSocket(port)];
    for (const socket of kept) {
      await answer(socket, held);
      socket.resume(); // its answer read, so that its close is seen
      await until(() => connections.requestsInFlight() === 0);
      vi.advanceTimersByTime(100); // the first answered before the second
    }
    // Idle past the example nginx configuration's upstream keep-alive timeout, and within the grace.
    vi.advanceTimersByTime(1_400);
    const above = [await openSocket(port), await openSocket(port)];
    await until(() => connections.size === 4);
    expect([...kept, ...above].map(closed)).toEqual([false, false, false, false]);
    // At twice the cap, the least recently active gives way whatever its age.
    await openSocket(port);
    await until(() => closed(kept[0]!));
    expect(connections.size).toBe(4);
  });

  it('keeps the grace at twice the upstream keep-alive timeout of the example nginx configuration', () => {
    // nginx must have dropped an idle upstream connection well before the site may close it.
    const conf = readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'hosting-site.conf'), 'utf8');
    const upstream = /upstream hosting_site \{([\s\S]*?)\n\}/.exec(conf)?.[1] ?? '';
    const timeoutSeconds = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(upstream)?.[1]);
    expect(timeoutSeconds).toBeGreaterThan(0);
    expect(REUSE_GRACE_MS).toBeGreaterThanOrEqual(2 * timeoutSeconds * 1000);
  });

  it('refuses the newcomer only when every connection is being answered', async () => {
    const { connections, held, port } = await guardedServer({ maxConnections: 2 });
    const busy = [await openSocket(port), await openSocket(port)];
    for (const socket of busy) socket.write(get());
    await until(() => held.length === 2);
    const newcomer = await openSocket(port, { localAddress: '127.0.0.2' });
    await closedSocket(newcomer);
    expect(busy.map(closed)).toEqual([false, false]);
    expect(connections.size).toBe(2);
  });

  it('leaves Node’s own refusal off: the tracker decides', async () => {
    const { server } = await guardedServer({ maxConnections: 3 });
    expect(server.maxConnections).not.toBe(3);
  });
});

describe('a client that pipelines requests without reading the answers', () => {
  it('may have as many unanswered as the limit; one more drops the connection', async () => {
    const { connections, held, port } = await guardedServer({ maxPipelined: 3 });
    const socket = await openSocket(port);
    const closed = closedSocket(socket);
    // Node hands a pipelined request to the app only after the one before it is answered,
    // unless the app has not answered yet: then it still parses and dispatches them.
    socket.write(get('/1') + get('/2') + get('/3'));
    await until(() => held.length === 3);
    expect(connections.requestsInFlight()).toBe(3);
    expect(socket.destroyed).toBe(false);
    socket.write(get('/4'));
    await closed;
    expect(held).toHaveLength(3);
  });

  it('keeps the connection while the answers are read, however many requests it carries in all', async () => {
    const { held, port } = await guardedServer({ maxPipelined: 2 });
    const socket = await openSocket(port);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    for (let i = 1; i <= 5; i++) {
      socket.write(get(`/${i}`));
      await until(() => held.length === i);
      held[i - 1]?.end(`answer ${i}`);
      await until(() => received.includes(`answer ${i}`));
    }
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});

describe('an answer that makes no progress', () => {
  it('is abandoned with its socket once nothing has moved for the stall time', async () => {
    const { connections, held, port } = await guardedServer({ stallMs: 300 });
    const socket = await openSocket(port);
    const closed = closedSocket(socket);
    const opened = Date.now();
    socket.write(get());
    await until(() => held.length === 1);
    await closed;
    const after = Date.now() - opened;
    expect(after).toBeGreaterThanOrEqual(250);
    expect(after).toBeLessThan(2_000);
    await until(() => connections.requestsInFlight() === 0);
  });

  it('is not abandoned while it goes on arriving', async () => {
    const { held, port } = await guardedServer({ stallMs: 300 });
    const socket = await openSocket(port);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write(get());
    await until(() => held.length === 1);
    const answer = held[0];
    answer?.writeHead(200, { 'Content-Type': 'text/plain' });
    for (let i = 0; i < 6; i++) {
      answer?.write(`part ${i}\n`);
      await sleep(150);
    }
    answer?.end('end\n');
    await until(() => received.includes('end'));
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});

describe('the drain', () => {
  it('shortens the idle timeout of idle connections only, and of the server for later ones', async () => {
    const { server, connections, held, port } = await guardedServer();
    const idle = await openSocket(port);
    const busy = await openSocket(port);
    const idleClosed = closedSocket(idle);
    const busyAnswer = readUntilClose(busy);
    busy.write(get('/busy'));
    await until(() => held.length === 1 && connections.size === 2);
    connections.closeWhenIdle(server, 200);
    expect(server.keepAliveTimeout).toBe(200);
    await idleClosed;
    await sleep(300);
    expect(busy.destroyed).toBe(false);
    held[0]?.setHeader('Connection', 'close');
    held[0]?.end('finished');
    expect((await busyAnswer).body).toContain('finished');
  });

  it('answers a request whose head had begun to arrive, however long the client pauses within the request timeout', async () => {
    const { server, connections, held, port } = await guardedServer();
    const socket = await openSocket(port);
    const answer = readUntilClose(socket);
    socket.write('GET /late HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await until(() => connections.size === 1);
    await sleep(50);
    connections.closeWhenIdle(server, 100);
    // Longer than the idle time, without a byte.
    await sleep(400);
    socket.write('Connection: close\r\n\r\n');
    await until(() => held.length === 1);
    held[0]?.end('answered');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.body).toContain('answered');
  });

  it('still closes a connection that was answered and then sent nothing more', async () => {
    const { server, connections, held, port } = await guardedServer();
    const socket = await openSocket(port);
    const answer = readUntilClose(socket);
    socket.write(get('/first'));
    await until(() => held.length === 1);
    held[0]?.end('first');
    await until(() => connections.requestsInFlight() === 0);
    await sleep(50);
    const started = Date.now();
    connections.closeWhenIdle(server, 100);
    const response = await answer;
    expect(response.body).toContain('first');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('a refused upload', () => {
  it('is read and discarded after the answer, so the client can finish sending and read it', async () => {
    const server = createServer((req, res) => {
      res.setHeader('Connection', 'close');
      lingerBeforeClosing(req.socket);
      res.writeHead(405).end('refused');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = await openSocket((server.address() as AddressInfo).port, { allowHalfOpen: true });
    const answer = readUntilClose(socket);
    socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4000000\r\n\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    let failed: unknown;
    let endedWhileSending = false;
    socket.on('error', (error) => (failed = error));
    // The server's side ends with its answer; its reading goes on.
    socket.once('end', () => (endedWhileSending = sent < 4_000_000));
    while (sent < 4_000_000 && !failed) {
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closedSocket(socket)]);
      sent += chunk.length;
    }
    const finished = Date.now();
    socket.end();
    const response = await answer;
    expect(failed).toBeUndefined();
    expect(response.status).toBe(405);
    expect(response.body).toContain('refused');
    expect(endedWhileSending).toBe(true);
    // Closed once the client has finished, not when the lingering bound runs out.
    expect(Date.now() - finished).toBeLessThan(1_000);
  });

  it('is cut off two seconds after the answer when the client never stops sending', async () => {
    const server = createServer((req, res) => {
      lingerBeforeClosing(req.socket);
      res.setHeader('Connection', 'close');
      res.writeHead(405).end('refused');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = await openSocket((server.address() as AddressInfo).port, { allowHalfOpen: true });
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    const closed = closedSocket(socket);
    socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n');
    const started = Date.now();
    const trickle = setInterval(() => socket.write('x'.repeat(1024)), 50);
    await closed;
    clearInterval(trickle);
    const lasted = Date.now() - started;
    expect(lasted).toBeGreaterThanOrEqual(1_800);
    expect(lasted).toBeLessThan(4_000);
  });
});
