// Liveness and readiness for the orchestrator and the load balancer.
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { sendPlain } from './plain-text.js';

const notReadyAnswers = new WeakSet<ServerResponse>();

/** /readyz's 503 while starting or draining: the answer a probe asked for, not a failure, so it is logged at info. */
export function isNotReadyAnswer(res: ServerResponse): boolean {
  return notReadyAnswers.has(res);
}

// Where the process is: starting until every page is prepared; ready; draining from the shutdown signal (no longer
// ready, still serving as before); closing once the listener has closed, when each response closes its connection.
export interface Lifecycle {
  phase: 'starting' | 'ready' | 'draining' | 'closing';
}

export const isShuttingDown = (lifecycle: Lifecycle): boolean => lifecycle.phase === 'draining' || lifecycle.phase === 'closing';

function readyzBody(lifecycle: Lifecycle): string {
  if (lifecycle.phase === 'ready') return 'ready\n';
  return isShuttingDown(lifecycle) ? 'draining\n' : 'starting\n';
}

/** A plain check on the path: a router here would cost every page request a matching pass. */
export function healthRoutes(lifecycle: Lifecycle): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (path !== '/livez' && path !== '/readyz') {
      next();
      return;
    }
    if (path === '/livez') sendPlain(res, 200, 'ok\n');
    else {
      const ready = lifecycle.phase === 'ready';
      if (!ready) notReadyAnswers.add(res);
      sendPlain(res, ready ? 200 : 503, readyzBody(lifecycle));
    }
  };
}
