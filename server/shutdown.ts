// Graceful shutdown on SIGTERM or SIGINT, so a rolling restart loses no request: /readyz says 503 while the load balancer
// takes the instance out, then the listener closes, then the process exits. Each step's reason: docs/operations.md,
// "Shutdown and rolling out a new build". A repeated signal (orchestrators send them twice) is logged and ignored.
import type { Server } from 'node:http';
import { isShuttingDown, type Lifecycle } from './health.js';
import type { Logger } from './logger.js';

export interface ShutdownTiming {
  /** Between /readyz going 503 and the listener closing. */
  announceMs: number;
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
