// Liveness and readiness for the orchestrator and the load balancer.
import type { RequestHandler } from 'express';
import { sendPlain } from './plain-text.js';

export interface Readiness {
  ready: boolean;
}

/** A plain check on the path: a router here would cost every page request a matching pass. */
export function healthRoutes(readiness: Readiness): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (path !== '/livez' && path !== '/readyz') {
      next();
      return;
    }
    const ok = path === '/livez' || readiness.ready;
    sendPlain(res, ok ? 200 : 503, path === '/livez' ? 'ok\n' : ok ? 'ready\n' : 'draining\n');
  };
}
