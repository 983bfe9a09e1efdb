// The site as the process runs it (server/serve.ts), in-process: a bad
// configuration value stops it with the message on stderr and exit code 1, a
// start-up step that fails exits 1 with a fatal line naming the step, and a
// start that succeeds logs where it listens and how long start-up took, with
// SIGTERM and crashes handled. (test/http/production-start.test.ts starts the
// built server as a process; this is the part the mutation tests can reach.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { serve } from '../../server/serve.js';
import { distDir } from '../support/app.js';
import { memoryLogger } from '../support/memory-logger.js';
import { processListenersSince } from '../support/process-listeners.js';
import { sitesClosedAfterEach } from '../support/running-sites.js';
import { freePort, takenPort } from '../support/server.js';
import { until } from '../support/until.js';

let exit: MockInstance<typeof process.exit>;
/** The handlers serve adds to the process; each test's are taken off after it. */
let listeners: ReturnType<typeof processListenersSince>;
const running = sitesClosedAfterEach();

// process.exit records its code and returns: the code after it is what a test looks at.
beforeAll(() => {
  exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
});
afterAll(() => exit.mockRestore());

beforeEach(() => {
  listeners = processListenersSince(['SIGTERM', 'SIGINT', 'uncaughtException', 'unhandledRejection']);
  exit.mockReset().mockImplementation(() => undefined as never);
});

afterEach(() => listeners.remove());

const env = (more: Record<string, string> = {}) => ({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', ...more });

/**
 * A fatal line exits at once and again a second later (the fallback for a log
 * that never flushes): a test that causes one waits out that second, so that
 * no exit of its own reaches the next test's spy.
 */
const fallbackExitPassed = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/**
 * How long a start-up that fails at listening may take to exit: it renders and
 * compresses every page first, which takes seconds beside the rest of the
 * suite on two cores (until's own 5 s is for a step, not a start-up).
 */
const startUpMs = 20_000;

async function started(more: Record<string, string> = {}) {
  const log = memoryLogger();
  const startedAt = process.hrtime.bigint();
  const site = await serve(distDir, startedAt, { env: env(more), loggerFor: () => log.logger });
  running.push(site);
  const wallMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  return { site, log, wallMs };
}

describe('the process around the site', () => {
  it('stops at a bad configuration value: the variable and its rule on stderr, exit code 1, nothing started', async () => {
    let written = '';
    // Here process.exit must stop the code after it, as the real one does.
    exit.mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const loggerFor = vi.fn(() => memoryLogger().logger);
    await expect(
      serve(distDir, process.hrtime.bigint(), {
        env: env({ PORT: 'eighty' }),
        stderr: { write: (text: string) => (written += text) },
        loggerFor,
      }),
    ).rejects.toThrow('exit 1');
    expect(written).toMatch(/^.*PORT.*\n$/s);
    expect(written).toMatch(/PORT: /);
    expect(loggerFor).not.toHaveBeenCalled();
  });

  it('logs that it is ready: where it listens, and start-up time measured from the process start', async () => {
    const { site, log, wallMs } = await started();
    const ready = log.lines.find((line) => line.msg.startsWith('ready on '));
    expect(ready).toMatchObject({ msg: `ready on http://127.0.0.1:${site.port}`, port: site.port, host: '127.0.0.1' });
    expect(site.port).toBeGreaterThan(0);
    expect(ready?.startupMs).toBeGreaterThanOrEqual(0);
    expect(ready?.startupMs).toBeLessThanOrEqual(Math.ceil(wallMs));
    expect((await fetch(`http://127.0.0.1:${site.port}/readyz`)).status).toBe(200);
    expect(exit).not.toHaveBeenCalled();
  });

  it('names the metrics port in the ready line when one is open', async () => {
    const { site, log } = await started({ METRICS_PORT: String(await freePort()) });
    expect(site.metricsPort).toBeGreaterThan(0);
    expect(log.lines.find((line) => line.msg.startsWith('ready on '))?.metricsPort).toBe(site.metricsPort);
  });

  it('drains on SIGTERM with the configured delay and timeout: no longer ready, then exit 0 once idle', async () => {
    const { site, log } = await started({ SHUTDOWN_DELAY: '0', SHUTDOWN_TIMEOUT: '3' });
    // The signal as the process would get it, delivered to the handler serve added (not to the test runner's own).
    const onSigterm = listeners.added('SIGTERM');
    expect(onSigterm).toHaveLength(1);
    onSigterm[0]?.('SIGTERM');
    expect(site.lifecycle.phase).toBe('draining');
    expect(log.lines.find((line) => line.msg.startsWith('shutting down'))).toMatchObject({ announceMs: 0, timeoutMs: 3000 });
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('stops at once with a line, exit 0, on a signal while it is starting (nothing is ready, nothing to drain)', async () => {
    const log = memoryLogger();
    const starting = serve(distDir, process.hrtime.bigint(), { env: env(), loggerFor: () => log.logger });
    const [onSigterm] = listeners.added('SIGTERM');
    expect(onSigterm).toBeTypeOf('function');
    onSigterm?.('SIGTERM');
    expect(log.lines.at(-1)).toMatchObject({ msg: 'stopped during start-up', signal: 'SIGTERM' });
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(0);
    // (process.exit is a spy here: the start-up goes on, and its handlers replace the start-up's.)
    running.push(await starting);
    expect(listeners.added('SIGTERM')).toHaveLength(1);
    expect(listeners.added('SIGTERM')[0]).not.toBe(onSigterm);
  });

  it('exits 1 with a fatal line on a crash nothing handled, and on a listener error after start-up', async () => {
    const { site, log } = await started();
    const [onCrash] = listeners.added('uncaughtException');
    expect(onCrash).toBeTypeOf('function');
    onCrash?.(new Error('boom'), 'uncaughtException');
    expect(log.lines.at(-1)).toMatchObject({ level: 60, msg: 'uncaught exception', err: { message: 'boom' } });
    expect(exit).toHaveBeenLastCalledWith(1);

    exit.mockClear();
    site.server.emit('error', new Error('listener broke'));
    expect(log.lines.at(-1)).toMatchObject({ level: 60, msg: 'could not listen', err: { message: 'listener broke' } });
    expect(exit).toHaveBeenLastCalledWith(1);
    await fallbackExitPassed();
  });

  it('exits 1 with a fatal line naming the step when a start-up step fails, and never says it is ready', async () => {
    const { holder, port } = await takenPort();
    const log = memoryLogger();
    try {
      void serve(distDir, process.hrtime.bigint(), { env: env({ PORT: String(port) }), loggerFor: () => log.logger });
      await until(() => exit.mock.calls.length > 0, startUpMs);
    } finally {
      holder.close();
    }
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.lines.filter((line) => line.level === 60)).toMatchObject([
      { msg: `could not listen on HOST 127.0.0.1, PORT ${port}`, err: { code: 'EADDRINUSE' } },
    ]);
    await fallbackExitPassed();

    const empty = mkdtempSync(join(tmpdir(), 'serve-no-build-'));
    const failed = memoryLogger();
    exit.mockClear();
    void serve(empty, process.hrtime.bigint(), { env: env(), loggerFor: () => failed.logger });
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(1);
    expect(failed.lines.filter((line) => line.level === 60)).toMatchObject([
      { msg: 'could not prepare the pages', err: { message: expect.stringContaining('No build manifest') } },
    ]);
    await fallbackExitPassed();
    expect([...log.messages(), ...failed.messages()].some((message) => message.startsWith('ready'))).toBe(false);
  });
});
