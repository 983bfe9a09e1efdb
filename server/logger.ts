// Structured JSON logs on stdout, one object per line. Written asynchronously
// (logging never holds up a response) but without batching: a line is handed
// to the kernel as soon as the previous write is done, so it reaches the log
// collector within milliseconds at any traffic and survives a SIGKILL (an OOM
// kill, or a grace period overrun). Under load, lines that arrive during a
// write go out together in the next one. Readable (pretty) in development.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>): Logger {
  const options = {
    level: config.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (config.env === 'development') {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
  }
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 0 }));
}
