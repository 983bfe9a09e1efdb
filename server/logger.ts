// JSON lines on stdout, written asynchronously so logging never holds up a response; batched to keep writes few under
// load, and flushed every 100 ms so a SIGKILL loses at most that much (docs/operations.md, "Logs"). Pretty in development.
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

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
    // thread-stream starts the transport's worker from a file beside its code, which the server bundle lacks, so
    // pino's documented hook for bundlers names the file in node_modules.
    const fromPino = createRequire(createRequire(import.meta.url).resolve('pino'));
    Object.assign(globalThis, { __bundlerPathsOverrides: { 'thread-stream-worker': fromPino.resolve('thread-stream/lib/worker.js') } });
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', destination: dest } } });
  }
  const destination = pino.destination({ dest, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(options, destination);
}
