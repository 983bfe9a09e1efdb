import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from '../../server/request-histogram.js';

const buckets = [0.0001, 0.001, 0.01, 0.1, 1];
const observations: [method: string, route: string, status: number, seconds: number][] = [
  ['GET', 'home', 200, 0.00005],
  ['GET', 'home', 200, 0.0001], // on a bound: counted in that bucket, as Prometheus's `le` means
  ['GET', 'home', 200, 0.02],
  ['HEAD', 'home', 200, 0.0003],
  ['GET', 'home', 304, 0.0002],
  ['GET', 'not-found', 404, 0.5],
  ['GET', 'not-found', 404, 7], // above every bound: only +Inf, sum and count
  ['POST', 'contact', 405, 0.003],
];

function both() {
  const oursRegistry = new Registry();
  const referenceRegistry = new Registry();
  const ours = new RequestHistogram({ name: 'http_request_duration_seconds', help: 'Request time.', buckets, registry: oursRegistry });
  const reference = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request time.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets,
    registers: [referenceRegistry],
  });
  for (const [method, route, status, seconds] of observations) {
    ours.record(method, route, status, seconds);
    reference.observe({ method, route, status_code: status }, seconds);
  }
  return { ours, reference, oursRegistry, referenceRegistry };
}

describe('the request histogram', () => {
  it("writes exactly the text prom-client's own histogram writes for the same observations", async () => {
    const { oursRegistry, referenceRegistry } = both();
    const text = await oursRegistry.metrics();
    expect(text).toBe(await referenceRegistry.metrics());
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.0001",method="GET",route="home",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="not-found",status_code="404"} 2');
    expect(text).toContain('http_request_duration_seconds_sum{method="GET",route="not-found",status_code="404"} 7.5');
  });

  it('reads the same through prom-client’s public get() as the reference', async () => {
    const { ours, reference } = both();
    expect(await ours.get()).toEqual(await reference.get());
  });

  it('has no series before the first request', async () => {
    const registry = new Registry();
    new RequestHistogram({ name: 'empty_seconds', help: 'Nothing yet.', buckets, registry });
    expect(await registry.metrics()).toBe('# HELP empty_seconds Nothing yet.\n# TYPE empty_seconds histogram\n');
  });
});
