// Structured JSON logs on stdout, one object per line, written asynchronously
// so that logging never holds up a response. Lines are batched (4 KB) to keep
// the write calls few under load, and the batch is flushed every 100 ms, so a
// line reaches the log collector within 100 ms at any traffic and a SIGKILL
// (an OOM kill, a grace period overrun) loses at most the last 100 ms of them.
// Readable (pretty) in development.
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** The longest a log line waits before it is written. */
const FLUSH_EVERY_MS = 100;

/** The process's logger; lines go to stdout (file descriptor 1), or to another descriptor or file a test names, in development too. */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, dest: number | string = 1): Logger {
  const options = {
    level: config.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (config.env === 'development') {
    // The transport runs in a worker that thread-stream (pino's own
    // dependency) starts from a file beside its code; in the server bundle
    // there is none, so pino's documented hook for bundlers names the file in
    // node_modules.
    const fromPino = createRequire(createRequire(import.meta.url).resolve('pino'));
    Object.assign(globalThis, { __bundlerPathsOverrides: { 'thread-stream-worker': fromPino.resolve('thread-stream/lib/worker.js') } });
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', destination: dest } } });
  }
  const destination = pino.destination({ dest, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(options, destination);
}
