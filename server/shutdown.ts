// Graceful shutdown on SIGTERM or SIGINT, so that a rolling restart loses no request:
// 1. /readyz answers 503 at once, and for the announce delay (SHUTDOWN_DELAY)
//    the server goes on serving as before, connections kept alive: meanwhile
//    the load balancer takes the instance out (Kubernetes removes the
//    endpoint; a proxy is reloaded without it) and stops sending here, and
//    closes the connections it kept;
// 2. then http.Server's close(): the listener closes (new connections are
//    refused, which a proxy retries elsewhere) and the connections idle at
//    that moment are closed; every answer from then on carries
//    Connection: close, so a connection still in use is closed after its
//    answer, never while its client may be writing the next request on it;
// 3. it exits 0 when the last connection has gone, or closes what is left
//    when the shutdown timeout runs out.
// A repeated signal (orchestrators and people send them twice) is logged and
// ignored: only the shutdown timeout ends the drain early.
import type { Server } from 'node:http';
import { isShuttingDown, type Lifecycle } from './health.js';
import type { Logger } from './logger.js';

export interface ShutdownTiming {
  /** Between /readyz going 503 and the listener closing. */
  announceMs: number;
  /** Longest wait for requests in flight. */
  timeoutMs: number;
}

export function handleShutdown(server: Server, lifecycle: Lifecycle, logger: Logger, timing: ShutdownTiming): void {
  const stop = (signal: NodeJS.Signals) => {
    if (isShuttingDown(lifecycle)) {
      logger.warn({ signal }, 'already shutting down: signal ignored');
      return;
    }
    lifecycle.phase = 'draining';
    logger.info({ signal, ...timing }, 'shutting down: no longer ready, draining');
    const force = setTimeout(() => {
      server.getConnections((_error, connections) => {
        logger.warn({ connections }, 'shutdown timeout reached: closing remaining connections');
        server.closeAllConnections();
      });
    }, timing.timeoutMs);
    setTimeout(() => {
      lifecycle.phase = 'closing';
      server.close(() => {
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
