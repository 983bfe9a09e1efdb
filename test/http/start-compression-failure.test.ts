// When the answers' final compression fails after the server listens (it runs
// off the start-up path), the failure is logged as an error and the site goes
// on serving the forms compressed at start-up. The failure is made here by
// replacing that one step, which nothing outside the process can break.
import { describe, expect, it, vi } from 'vitest';
import { startSite } from '../../server/start.js';
import { distDir, testConfig } from '../support/app.js';
import { memoryLogger } from '../support/memory-logger.js';
import { sitesClosedAfterEach } from '../support/running-sites.js';
import { until } from '../support/until.js';

vi.mock('../../server/answer-table.js', async (original) => ({
  ...(await original<typeof import('../../server/answer-table.js')>()),
  finishCompression: () => Promise.reject(new Error('out of memory while compressing')),
}));

const running = sitesClosedAfterEach();

describe('a final compression that fails', () => {
  it('is logged as an error naming the cause, and the pages are still served compressed', async () => {
    const log = memoryLogger();
    const site = await startSite(testConfig({ HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0' }), log.logger, distDir);
    running.push(site);
    await until(() => log.lines.some((line) => line.level === 50));
    expect(log.lines.filter((line) => line.level === 50)).toMatchObject([
      {
        msg: 'could not compress the answers at their final quality; the quick forms stay',
        err: { message: 'out of memory while compressing' },
      },
    ]);
    const page = await fetch(`http://127.0.0.1:${site.port}/about`, { headers: { 'Accept-Encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<h1');
    expect(site.readiness.ready).toBe(true);
  });
});
