// Graceful shutdown on SIGTERM or SIGINT:
// 1. /readyz answers 503 at once, and every response carries Connection: close;
// 2. for a short announce period the server still accepts connections, so a
//    load balancer polling /readyz sees the 503 and stops sending traffic;
// 3. then it stops accepting, lets requests in flight finish, and when the
//    shutdown timeout runs out closes whatever connections are left;
// 4. the process exits 0 once the server has closed.
import type { Server } from 'node:http';
import type { Readiness } from './health.js';
import type { Logger } from './logger.js';

export interface Drain {
  draining: boolean;
}

/** Long enough for a load balancer that polls every second to notice. */
const ANNOUNCE_MS = 2_000;

export function handleShutdown(server: Server, readiness: Readiness, drain: Drain, logger: Logger, timeoutMs: number): void {
  const stop = (signal: NodeJS.Signals) => {
    if (drain.draining) return;
    drain.draining = true;
    readiness.ready = false;
    logger.info({ signal, timeoutMs }, 'shutting down: no longer ready, draining');
    const announce = Math.min(ANNOUNCE_MS, timeoutMs / 2);
    const force = setTimeout(() => {
      logger.warn('shutdown timeout reached: closing remaining connections');
      server.closeAllConnections();
    }, timeoutMs);
    setTimeout(() => {
      server.close(() => {
        clearTimeout(force);
        logger.info('stopped');
        logger.flush(() => process.exit(0));
      });
      server.closeIdleConnections();
    }, announce);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** A crash nothing can handle: log it and exit non-zero so the orchestrator restarts us. */
export function exitOnCrash(logger: Logger): void {
  const crash = (error: unknown, kind: string) => {
    logger.fatal({ err: error }, kind);
    logger.flush(() => process.exit(1));
    setTimeout(() => process.exit(1), 1000).unref();
  };
  process.once('uncaughtException', (error) => crash(error, 'uncaught exception'));
  process.once('unhandledRejection', (reason) => crash(reason, 'unhandled rejection'));
}
