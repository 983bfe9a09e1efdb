// Liveness and readiness for the orchestrator and the load balancer.
import { Router } from 'express';

export interface Readiness {
  ready: boolean;
}

export function healthRoutes(readiness: Readiness): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok\n');
  });
  router.get('/readyz', (_req, res) => {
    res
      .status(readiness.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send(readiness.ready ? 'ready\n' : 'draining\n');
  });
  return router;
}
