// Sites a test file starts in-process (server/start.ts, server/serve.ts),
// each closed after its test: its connections, its listener, its metrics
// listener.
import { afterEach } from 'vitest';
import type { RunningSite } from '../../server/start.js';

/** The list to push each started site onto; registers the closing. */
export function sitesClosedAfterEach(): RunningSite[] {
  const running: RunningSite[] = [];
  afterEach(() => {
    for (const site of running.splice(0)) {
      site.server.closeAllConnections();
      site.server.close();
      site.metricsServer?.close();
    }
  });
  return running;
}
