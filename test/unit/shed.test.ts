// Requests shed under load (server/shed.ts): each counted in the metrics, left
// out of the access log, and summarised in one warn line a second at most.
import type { ServerResponse } from 'node:http';
import express from 'express';
import request from 'supertest';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessLog } from '../../server/access-log.js';
import { shedRequests, wasShed } from '../../server/shed.js';
import { memoryLogger } from '../support/memory-logger.js';

const response = () => ({ statusCode: 503, writableFinished: true }) as unknown as ServerResponse;

async function shedCount(registry: Registry): Promise<number> {
  const metric = await registry.getSingleMetric('http_requests_shed_total')!.get();
  return metric.values[0]?.value ?? 0;
}

describe('shed requests', () => {
  afterEach(() => void vi.useRealTimers());

  it('are counted each, and logged as one warn line a second with their number, never a line each', async () => {
    vi.useFakeTimers();
    const log = memoryLogger();
    const registry = new Registry();
    const shed = shedRequests(log.logger, registry);
    for (let i = 0; i < 1_000; i++) shed(response());
    expect(log.lines).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(log.lines).toEqual([expect.objectContaining({ level: 40, shed: 1_000, msg: 'busy: requests answered 503' })]);
    for (let i = 0; i < 3; i++) shed(response());
    vi.advanceTimersByTime(500);
    shed(response());
    vi.advanceTimersByTime(500);
    expect(log.lines.map((line) => line.shed)).toEqual([1_000, 4]);
    // A quiet second writes nothing.
    vi.advanceTimersByTime(5_000);
    expect(log.lines).toHaveLength(2);
    expect(await shedCount(registry)).toBe(1_004);
  });

  it('are left out of the access log; every other response, 503s included, is in it', async () => {
    const log = memoryLogger();
    const shed = shedRequests(memoryLogger().logger);
    const app = express()
      .use(accessLog(log.logger, () => false))
      .get('/shed', (_req, res) => {
        shed(res);
        res.status(503).end();
      })
      .get('/busy', (_req, res) => void res.status(503).end());
    await request(app).get('/shed').expect(503);
    await request(app).get('/busy').expect(503);
    await vi.waitFor(() => expect(log.lines.filter((line) => line.msg === 'request').map((line) => line.path)).toEqual(['/busy']));
    expect(wasShed(response())).toBe(false);
  });
});
