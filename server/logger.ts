// Structured JSON logs on stdout, one object per line, written asynchronously
// so that logging never holds up a response. Lines are batched (4 KB) to keep
// the write calls few under load, and the batch is flushed every 100 ms, so a
// line reaches the log collector within 100 ms at any traffic and a SIGKILL
// (an OOM kill, a grace period overrun) loses at most the last 100 ms of them.
// Batching beat a write per line under npm run bench (docs/performance.md);
// most of the cost is making the line, not writing it.
// Readable (pretty) in development.
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** Writes one line at a level; `fields` is the JSON of the line's own fields, each after a comma. */
export type LineWriter = (level: 'info' | 'error', fields: string) => void;

/** The longest a log line waits before it is written. */
const FLUSH_EVERY_MS = 100;

// pino's isoTime makes a Date and its ISO string for every line, a visible
// share of a cached page's whole cost under load (docs/performance.md). Lines
// written in the same millisecond share one string.
let lastMs = 0;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** The process's logger; lines go to stdout (file descriptor 1), or to another descriptor or file a test names, in development too. */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, dest: number | string = 1): Logger {
  const options = {
    level: config.logLevel,
    base: undefined,
    timestamp: isoTime,
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

/** What pino keeps on a logger to make its lines (pino.symbols). */
interface LinePieces {
  [pino.symbols.lsCacheSym]: Record<number, string>;
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.endSym]: string;
  [pino.symbols.streamSym]: { write(line: string): void };
}

/**
 * A writer of lines whose fields the caller has made into JSON, for the line
 * written on every request (the access log). pino's serializer examines and
 * escapes every key and value of an object each time; the access line's keys
 * are fixed and most of its values known safe, and making the line here is
 * what brought the site level with the Express reference serving the same
 * bytes (docs/performance.md). The line is what pino would write: the
 * logger's own level string, time, bindings and line end, to its destination,
 * in order with every other line.
 */
export function lineWriter(logger: Logger): LineWriter {
  const pieces = logger as unknown as LinePieces;
  const stream = pieces[pino.symbols.streamSym];
  // Each level's opening, `{"level":"info"`, as the logger's level formatter made it.
  const cache = pieces[pino.symbols.lsCacheSym];
  const values = pino.levels.values as Record<'info' | 'error', number>;
  const starts = { info: cache[values.info], error: cache[values.error] };
  return (level, fields) => {
    stream.write(
      `${starts[level]}${pieces[pino.symbols.timeSym]()}${pieces[pino.symbols.chindingsSym]}${fields}${pieces[pino.symbols.endSym]}`,
    );
  };
}
