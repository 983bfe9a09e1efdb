// The drain's listener close, against a real accept queue: a process that
// was short of CPU finds connections the kernel has completed but it has not
// accepted yet; closing the listener then resets each of them, and a proxy
// that already sent its request on one reads a reset. The test makes that
// moment on purpose: another process connects and sends its requests while
// this one's event loop is blocked, so they wait in the queue when the close
// is called.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as NetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptQueueLength, closeListener, queuedOnPort } from '../../server/accept-queue.js';

const CLIENTS = 20;

// Connects CLIENTS sockets, sends a GET on each, and prints what each got: the status line, or the error's code.
const clientScript = `
const net = require('node:net');
const [port, count] = process.argv.slice(1).map(Number);
const outcomes = [];
let closed = 0;
for (let i = 0; i < count; i++) {
  const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n'));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', (error) => outcomes.push(error.code));
  socket.on('close', () => {
    if (answer) outcomes.push(answer.split('\\r\\n')[0]);
    if (++closed === count) console.log(JSON.stringify(outcomes));
  });
}
setTimeout(() => process.exit(1), 10000).unref();
`;

/** Blocks this thread's event loop (as a long render would) until the kernel holds `count` connections in the port's queue. */
function blockUntilQueued(port: number, count: number): number {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const end = Date.now() + 5_000;
  let queued = 0;
  while (Date.now() < end && (queued = acceptQueueLength(port) ?? 0) < count) Atomics.wait(cell, 0, 0, 5);
  return queued;
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server = undefined;
});

async function closeWithRequestsQueued(close: (server: Server, done: () => void) => void): Promise<string[]> {
  server = createServer((_req, res) => res.writeHead(200, { Connection: 'close' }).end('ok'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = spawn(process.execPath, ['-e', clientScript, String(port), String(CLIENTS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  client.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => client.once('exit', resolve));
  expect(blockUntilQueued(port, CLIENTS)).toBe(CLIENTS);
  // Still blocked: the close is called before this process has accepted any of them.
  const closed = new Promise<void>((resolve) => close(server!, resolve));
  await exited;
  await closed;
  return JSON.parse(output) as string[];
}

describe('closing the listener at the end of the drain', () => {
  it('answers every connection that was waiting in the accept queue, then stops listening', async () => {
    const stoppedListening: boolean[] = [];
    const outcomes = await closeWithRequestsQueued((listener, done) =>
      closeListener(listener, { stopped: () => stoppedListening.push(!listener.listening), done }),
    );
    expect(outcomes).toEqual(Array<string>(CLIENTS).fill('HTTP/1.1 200 OK'));
    expect(stoppedListening).toEqual([true]);
    expect(server!.listening).toBe(false);
  });

  it('(the harness) a plain close resets the waiting connections, which is what the drain avoids', async () => {
    const outcomes = await closeWithRequestsQueued((listener, done) => NetServer.prototype.close.call(listener, done));
    expect(outcomes.filter((outcome) => outcome === 'ECONNRESET').length).toBeGreaterThan(0);
  });

  it('closes at once where the queue cannot be read, and within its bound while it keeps filling', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => closeListener(server!, { stopped: () => undefined, done: resolve }, () => undefined));
    expect(server.listening).toBe(false);
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const started = performance.now();
    await new Promise<void>((resolve) => closeListener(server!, { stopped: () => undefined, done: resolve }, () => 1));
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('the queue as /proc/net/tcp lists it', () => {
  const tcp = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 00000000:0BB8 00000000:0000 0A 00000000:00000003 00:00000000 00000000  1000        0 528 1 0 100 0 0 10 0',
    '   1: 0100007F:0BB8 0100007F:B0A1 01 00000000:0000000F 00:00000000 00000000  1000        0 0 3 0',
    '   2: 0100007F:1F90 00000000:0000 0A 00000000:00000011 00:00000000 00000000  1000        0 529 1 0 100 0 0 10 0',
    '   3: 0100007F:1F90 0100007F:C350 03 00000000:00000000 01:00000064 00000000     0        0 0 1 0',
    '   4: 0100007F:1F91 0100007F:C351 03 00000000:00000000 01:00000064 00000000     0        0 0 1 0',
  ].join('\n');
  const tcp6 = [
    '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 00000000000000000000000000000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:00000002 00:00000000 00000000  1000        0 530 1 0 100 0 0 10 0',
  ].join('\n');

  it("reads a listening socket's rx_queue and the handshakes under way for its port, not an open connection's, in both address families", () => {
    expect(queuedOnPort(tcp, 3000)).toBe(3);
    expect(queuedOnPort(tcp, 8080)).toBe(18);
    expect(queuedOnPort(tcp6, 3000)).toBe(2);
    expect(queuedOnPort(tcp, 4000)).toBeUndefined();
    expect(queuedOnPort(tcp, 8081)).toBeUndefined();
  });
});
