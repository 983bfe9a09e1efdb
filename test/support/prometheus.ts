// Reading a metrics endpoint as Prometheus does.
import { expect } from 'vitest';

export interface Scrape {
  text: string;
  /** Every sample's value by its name and labels, exactly as written. */
  samples: Map<string, number>;
}

export async function scrape(metricsUrl: string): Promise<Scrape> {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return { text, samples };
}

/** The number of requests the histogram counted for this method, route and status. */
export const requestCount = (s: Scrape, route: string, status: number, method = 'GET') =>
  s.samples.get(`http_request_duration_seconds_count{method="${method}",route="${route}",status_code="${status}"}`) ?? 0;
