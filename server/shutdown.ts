// Graceful shutdown on SIGTERM or SIGINT, so that a rolling restart loses no request:
// 1. /readyz answers 503 at once; for the announce delay the server goes on
//    serving as before, so a load balancer polling /readyz, or a Kubernetes
//    endpoint update, has time to stop sending traffic here. Connections are
//    kept open meanwhile: closing them would make clients reconnect into a
//    listener about to close, and every connection still in its accept queue
//    when it closes is reset (seen under load when answers said Connection:
//    close from the start: docs/performance.md);
// 2. then the server stops listening (new connections are refused, which a
//    proxy retries elsewhere) and every answer from then on carries
//    Connection: close: a connection is closed after an answer, never while
//    its client may be writing the next request on it;
// 3. from the start, a connection is closed once it has stayed idle for
//    REUSE_GRACE_MS;
// 4. it exits 0 when the last connection has gone, or closes what is left
//    when the shutdown timeout runs out.
// A repeated signal (orchestrators and people send them twice) is logged and
// ignored: only the shutdown timeout ends the drain early.
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { REUSE_GRACE_MS, type Connections } from './connections.js';
import type { Readiness } from './health.js';
import type { Logger } from './logger.js';

export interface Drain {
  /** A shutdown signal arrived: the drain has begun (the metrics report it). */
  stopping: boolean;
  /** The listener has closed: each answer closes its connection. */
  closing: boolean;
}

export interface ShutdownTiming {
  /** Between /readyz going 503 and the listener closing. */
  announceMs: number;
  /** Longest wait for requests in flight. */
  timeoutMs: number;
}

export function handleShutdown(
  server: Server,
  connections: Connections,
  readiness: Readiness,
  drain: Drain,
  logger: Logger,
  timing: ShutdownTiming,
): void {
  const stop = (signal: NodeJS.Signals) => {
    if (drain.stopping) {
      logger.warn({ signal }, 'already shutting down: signal ignored');
      return;
    }
    drain.stopping = true;
    readiness.ready = false;
    connections.closeWhenIdle(server, REUSE_GRACE_MS);
    logger.info({ signal, ...timing }, 'shutting down: no longer ready, draining');
    const force = setTimeout(() => {
      logger.warn({ connections: connections.size }, 'shutdown timeout reached: closing remaining connections');
      server.closeAllConnections();
    }, timing.timeoutMs);
    setTimeout(() => {
      drain.closing = true;
      // net.Server's close, not http.Server's: since Node 19 the latter also
      // destroys every idle keep-alive connection at once, which resets the
      // requests clients are sending on them at that moment.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(force);
        logger.info('stopped');
        logger.flush(() => process.exit(0));
      });
    }, timing.announceMs);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Logs a fatal error, and exits 1 once the line is written (at most a second later). Never resolves. */
export function exitWithFatal(logger: Logger, error: unknown, message: string): Promise<never> {
  logger.fatal({ err: error }, message);
  logger.flush(() => process.exit(1));
  setTimeout(() => process.exit(1), 1000).unref();
  return new Promise<never>(() => undefined);
}

/** A crash nothing can handle: log it and exit non-zero so the orchestrator restarts us. */
export function exitOnCrash(logger: Logger): void {
  process.once('uncaughtException', (error) => void exitWithFatal(logger, error, 'uncaught exception'));
  process.once('unhandledRejection', (reason) => void exitWithFatal(logger, reason, 'unhandled rejection'));
}
