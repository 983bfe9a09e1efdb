// JSON lines on stdout, written asynchronously so logging never holds up a response; batched to keep writes few under
// load, and flushed every 100 ms so a SIGKILL loses at most that much (docs/operations.md, "Logs"). Pretty in development.
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
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
    // pino-pretty as a stream in this thread (its README's "Usage as a stream"), not as a transport: a transport's worker
    // is a file beside pino's code, which the server bundle does not have. Required at run time: a development dependency.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
    return pino(options, pretty({ translateTime: 'SYS:HH:MM:ss', destination: dest }));
  }
  const destination = pino.destination({ dest, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(options, destination);
}
