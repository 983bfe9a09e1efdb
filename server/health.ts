// Liveness and readiness for the orchestrator and the load balancer.
import type { RequestHandler } from 'express';
import { sendPlain } from './plain-text.js';

export interface Readiness {
  ready: boolean;
  /** Set once shutdown begins: not ready because draining, rather than still starting. */
  draining?: boolean;
}

function readyzBody(readiness: Readiness): string {
  if (readiness.ready) return 'ready\n';
  return readiness.draining ? 'draining\n' : 'starting\n';
}

/** A plain check on the path: a router here would cost every page request a matching pass. */
export function healthRoutes(readiness: Readiness): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (path !== '/livez' && path !== '/readyz') {
      next();
      return;
    }
    if (path === '/livez') sendPlain(res, 200, 'ok\n');
    else sendPlain(res, readiness.ready ? 200 : 503, readyzBody(readiness));
  };
}
