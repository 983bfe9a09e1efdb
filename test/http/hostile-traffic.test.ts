// What one machine attacking the process straight (no proxy in front) must not do to it: fill its logs or its memory
// with request targets, or take the public site down through the metrics listener.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { imageEnv } from '../support/image.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

const rssMiB = (server: RunningServer) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;

describe('request targets that cannot be decoded or are too long', () => {
  it('are refused with one short JSON line each, nothing on stderr, and no memory kept', async () => {
    // Metrics on: their route lookup read these paths before the refusal did.
    // The image's settings (its heap and allocator bounds), as it runs.
    const server = await startServer({ ...imageEnv, METRICS_PORT: String(await freePort()) });
    const request = (path: string) =>
      fetch(`${server.url}${path}`).then(
        (res) => res.status,
        () => 0,
      );
    // 10 at a time, half undecodable and long, half only long; each path distinct.
    const flood = async (from: number, count: number) => {
      const statuses: number[] = [];
      for (let i = from; i < from + count; i += 10) {
        const batch = Array.from({ length: 10 }, (_, j) => request(`/${j % 2 ? '%ff' : 'x'}${i + j}-${'a'.repeat(12_000)}`));
        statuses.push(...(await Promise.all(batch)));
      }
      return statuses;
    };
    // Warm, with as many again: the heap grows with garbage until V8's first full collections settle its size (then it
    // falls back); what is kept shows as growth past that.
    await flood(0, 1_000);
    await sleep(500);
    const before = { rss: rssMiB(server), log: server.stdout().length };
    const statuses = await flood(1_000, 1_000);
    await sleep(500);
    const after = { rss: rssMiB(server), log: server.stdout().length };
    const perRequest = (after.log - before.log) / statuses.length;
    console.log(
      `1,000 distinct 12 KB paths: log ${perRequest.toFixed(0)} bytes a request, stderr ${server.stderr().length} bytes, RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MiB`,
    );
    expect(new Set(statuses)).toEqual(new Set([414]));
    expect(perRequest).toBeLessThanOrEqual(1_024);
    expect(server.stderr()).toBe('');
    expect(after.rss).toBeLessThan(before.rss * 1.1);
    // And one that is short but cannot be decoded: 400, its line intact, every line JSON.
    expect(await request('/%ff-short')).toBe(400);
    expect(await server.stop()).toBe(0);
    const lines = server.stdout().split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(lines.map((line) => JSON.parse(line) as { path?: string }).filter((line) => line.path === '/%ff-short')).toHaveLength(1);
    expect(server.stderr()).toBe('');
  }, 60_000);
});
