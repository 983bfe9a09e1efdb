// The drain, in-process: what a SIGTERM does to a running server, step by
// step, on a real listener with real sockets. (test/http/shutdown.test.ts
// proves the same on the built server as the container runs it; this one
// watches each step, and is what the mutation tests run.)
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Lifecycle } from '../../server/health.js';
import { exitOnCrash, exitWithFatal, handleShutdown } from '../../server/shutdown.js';
import { memoryLogger } from '../support/memory-logger.js';
import { processListenersSince } from '../support/process-listeners.js';
import { openSocket, readUntilClose } from '../support/raw-http.js';
import { until as untilWithin } from '../support/until.js';
import { listenOnLoopback } from '../support/loopback.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let exit: ReturnType<typeof vi.fn<(code?: number) => void>>;
/** The signal handlers a test adds, taken off after it (the test runner's own stay). */
let signalListeners: ReturnType<typeof processListenersSince>;

let exitSpy: MockInstance<typeof process.exit>;

beforeEach(() => {
  exit = vi.fn<(code?: number) => void>();
  exitSpy = vi.spyOn(process, 'exit').mockImplementation(exit as unknown as typeof process.exit);
  signalListeners = processListenersSince(['SIGTERM', 'SIGINT']);
});

// The test's own spies only: vi.restoreAllMocks() would also take off the
// setup file's console.error spy, and with it the check on every later test.
afterEach(() => {
  signalListeners.remove();
  exitSpy.mockRestore();
});

/** A server as server/start.ts builds it and server/serve.ts drains it, whose requests the test answers by hand. */
async function drainableServer(timing = { announceMs: 150, timeoutMs: 5_000 }) {
  const server: Server = createServer();
  const lifecycle: Lifecycle = { phase: 'ready' };
  const held: ServerResponse[] = [];
  server.on('request', (_req, res: ServerResponse) => {
    if (lifecycle.phase === 'closing') res.setHeader('Connection', 'close');
    held.push(res);
  });
  const port = await listenOnLoopback(server);
  const log = memoryLogger();
  handleShutdown(server, lifecycle, log.logger, timing);
  // The signal as the process would get it, delivered to the handlers handleShutdown added (and not to the test runner's own).
  const { added } = signalListeners;
  expect([added('SIGTERM').length, added('SIGINT').length]).toEqual([1, 1]);
  const signal = (name: 'SIGTERM' | 'SIGINT') => {
    for (const listener of added(name)) listener(name);
  };
  return { server, lifecycle, held, port, log, signal };
}

/** Waits up to 8 s: a drain's steps (announce delay, idle grace, timeout) come seconds apart. */
const until = (condition: () => boolean) => untilWithin(condition, 8_000);

describe('graceful shutdown, step by step', () => {
  it('on SIGTERM goes unready at once and keeps listening for the announce delay, then refuses new connections', async () => {
    const { server, lifecycle, port, log, signal } = await drainableServer({ announceMs: 300, timeoutMs: 5_000 });
    signal('SIGTERM');
    expect(lifecycle.phase).toBe('draining');
    expect(log.lines[0]).toMatchObject({
      msg: 'shutting down: no longer ready, draining',
      signal: 'SIGTERM',
      announceMs: 300,
      timeoutMs: 5_000,
    });
    // Still accepting during the announce delay.
    const early = await openSocket(port);
    early.destroy();
    expect(server.listening).toBe(true);
    await until(() => lifecycle.phase === 'closing');
    expect(server.listening).toBe(false);
    await expect(openSocket(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
    expect(log.messages()).toContain('stopped');
  });

  it('SIGINT drains the same way', async () => {
    const { lifecycle, log, signal } = await drainableServer();
    signal('SIGINT');
    expect(lifecycle.phase).toBe('draining');
    expect(log.lines[0]).toMatchObject({ signal: 'SIGINT' });
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('finishes the request in flight, closes its connection after the answer, and only then exits 0', async () => {
    const { lifecycle, held, port, log, signal } = await drainableServer();
    const socket = await openSocket(port);
    const answer = readUntilClose(socket);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => held.length === 1);
    signal('SIGTERM');
    await until(() => lifecycle.phase === 'closing');
    await sleep(100);
    expect(exit).not.toHaveBeenCalled();
    held[0]?.setHeader('Connection', 'close');
    held[0]?.end('done');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.body).toContain('done');
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
    expect(log.messages()).not.toContain('shutdown timeout reached: closing remaining connections');
  });

  it('keeps an idle connection open for the announce delay, then closes it with the listener, not waiting for the keep-alive timeout', async () => {
    const { server, held, port, signal } = await drainableServer({ announceMs: 500, timeoutMs: 10_000 });
    server.keepAliveTimeout = 60_000;
    const socket = await openSocket(port);
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    socket.on('data', () => undefined);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => held.length === 1);
    held[0]?.end('kept alive');
    await sleep(50);
    const signalled = performance.now();
    signal('SIGTERM');
    // Still usable during the delay: a client (a proxy yet to drop the instance) may send on it.
    await sleep(200);
    socket.write('GET /again HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => held.length === 2);
    held[1]?.end('still kept alive');
    const idleFor = (await closed) - signalled;
    expect(idleFor).toBeGreaterThanOrEqual(450);
    expect(idleFor).toBeLessThan(3_000);
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('logs and ignores a repeated signal: one drain, one exit', async () => {
    const { log, signal } = await drainableServer();
    signal('SIGTERM');
    signal('SIGTERM');
    signal('SIGINT');
    const ignored = log.lines.filter((line) => line.msg === 'already shutting down: signal ignored');
    expect(ignored.map((line) => [line.level, line.signal])).toEqual([
      [40, 'SIGTERM'],
      [40, 'SIGINT'],
    ]);
    await until(() => exit.mock.calls.length > 0);
    await sleep(100);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(log.messages().filter((msg) => msg === 'stopped')).toHaveLength(1);
  });

  it('when the timeout runs out, closes the connections still open (logging how many) and exits 0', async () => {
    const { held, port, log, signal } = await drainableServer({ announceMs: 50, timeoutMs: 400 });
    const socket = await openSocket(port);
    const closed = readUntilClose(socket);
    socket.write('GET /never-answered HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => held.length === 1);
    const signalled = performance.now();
    signal('SIGTERM');
    await closed;
    // Closed by the timeout, not by the connection guard's own limit on a stalled request (15 s).
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(350);
    expect(performance.now() - signalled).toBeLessThan(5_000);
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
    expect(log.lines.find((line) => line.msg === 'shutdown timeout reached: closing remaining connections')).toMatchObject({
      level: 40,
      connections: 1,
    });
  });

  it('cancels the timeout once the last connection has gone', async () => {
    const { log, signal } = await drainableServer({ announceMs: 50, timeoutMs: 300 });
    signal('SIGTERM');
    await until(() => exit.mock.calls.length > 0);
    await sleep(400);
    expect(log.messages()).not.toContain('shutdown timeout reached: closing remaining connections');
  });
});

describe('a crash nothing can handle', () => {
  // exitWithFatal also sets a fallback exit a second later; fake timers run it here instead of after the test.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('is logged as fatal with its error, and the process exits 1 once the line is written', () => {
    const log = memoryLogger();
    void exitWithFatal(log.logger, new Error('disk on fire'), 'could not prepare the pages');
    expect(exit.mock.calls).toEqual([[1]]);
    expect(log.lines.map((line) => [line.level, line.msg, (line.err as { message?: string } | undefined)?.message])).toEqual([
      [60, 'could not prepare the pages', 'disk on fire'],
    ]);
    vi.advanceTimersByTime(1_000);
  });

  it('exits 1 a second later even when the log cannot be flushed', () => {
    const log = memoryLogger();
    vi.spyOn(log.logger, 'flush').mockImplementation(() => undefined);
    void exitWithFatal(log.logger, new Error('stuck'), 'stuck');
    vi.advanceTimersByTime(999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('an uncaught exception or an unhandled rejection is logged as fatal, and the process exits 1', () => {
    const events = ['uncaughtException', 'unhandledRejection'] as const;
    const crashListeners = processListenersSince(events);
    const log = memoryLogger();
    exitOnCrash(log.logger);
    const added = events.map(crashListeners.added);
    crashListeners.remove();
    expect(added.map((listeners) => listeners.length)).toEqual([1, 1]);
    for (const [listener] of added) listener?.(new Error('boom'));
    expect(log.lines.map((line) => [line.level, line.msg, (line.err as { message?: string } | undefined)?.message])).toEqual([
      [60, 'uncaught exception', 'boom'],
      [60, 'unhandled rejection', 'boom'],
    ]);
    expect(exit.mock.calls).toEqual([[1], [1]]);
    vi.advanceTimersByTime(1_000);
  });
});
