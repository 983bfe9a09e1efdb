// What one machine attacking the process straight (no proxy in front) must not do to it: fill its logs or its memory
// with request targets, or take the public site down through the metrics listener.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { FILE_HEADROOM } from '../../server/file-limit.js';
import { METRICS_MAX_CONNECTIONS } from '../../server/metrics.js';
import { imageEnv } from '../support/image.js';
import { scrape } from '../support/prometheus.js';
import { openSocket, reconnectingFlood } from '../support/raw-http.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';
import { probeUntil } from '../support/until.js';

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

describe('the metrics listener, attacked', () => {
  it('holds only its own few connections and scrapes cheaply, while every visitor to the site is answered within 1 s', async () => {
    const metricsPort = await freePort();
    // The outsider's reproduction: 1,024 open files, and more sockets to the metrics port than that.
    const server = await startServer({ ...imageEnv, METRICS_PORT: String(metricsPort) }, { fileLimit: 1024, keepOutput: true });
    const held: Socket[] = [];
    // 1,100 sockets, half idle, half with a request begun and never finished, opened again as they are closed.
    const holdSockets = async (until: () => boolean) => {
      for (let i = 0; !until(); i++) {
        if (held.filter((socket) => !socket.destroyed).length >= 1_100) {
          await sleep(50);
          continue;
        }
        const socket = await openSocket(metricsPort).catch(() => undefined);
        if (!socket) continue;
        socket.on('error', () => undefined);
        socket.on('end', () => socket.destroy());
        if (i % 2) socket.write('GET /metrics HTTP/1.1\r\nHost: x\r\n');
        held.push(socket);
      }
    };
    const attackStarted = performance.now();
    // First the sockets, as the outsider opened them, then the visitor and the scrapers as well.
    await holdSockets(() => held.length >= 1_100);
    const end = performance.now() + 6_000;
    // And /metrics asked for as fast as 16 clients can.
    let scrapes = 0;
    const flood = async () => {
      while (performance.now() < end) {
        await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(2_000) }).then(
          (res) => res.arrayBuffer().then(() => scrapes++),
          () => sleep(10),
        );
      }
    };
    // A visitor: a page every 100 ms, each on a new connection.
    const answers: { status: number; ms: number }[] = [];
    const visit = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const status = await fetch(`${server.url}/about`, { signal: AbortSignal.timeout(1_000), headers: { Connection: 'close' } }).then(
          (res) => res.arrayBuffer().then(() => res.status),
          () => 0,
        );
        answers.push({ status, ms: performance.now() - started });
        await sleep(100);
      }
    };
    await Promise.all([holdSockets(() => performance.now() >= end), visit(), ...Array.from({ length: 16 }, flood)]);
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const slowest = times.at(-1) ?? 0;
    const answered = answers.filter((answer) => answer.status === 200).length;
    console.log(
      `metrics listener attacked (1,100 sockets, then 6 s with the visitor and 16 scrapers, ulimit -n 1024): visitor answered ${answered}/${answers.length}, median ${times[times.length >> 1]?.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms; ${scrapes} scrapes answered`,
    );
    expect(answered).toBe(answers.length);
    expect(slowest).toBeLessThan(1_000);
    for (const socket of held) socket.destroy();
    // The refusals are counted (once the scrapers' idle connections have timed out and left room), and logged as one
    // line a second at most.
    const scraped = await probeUntil(
      () => scrape(`http://127.0.0.1:${metricsPort}`).catch(() => undefined),
      (result) => result !== undefined,
      10_000,
    );
    const samples = scraped?.samples ?? new Map<string, number>();
    expect(samples.get('metrics_connections_refused_total')).toBeGreaterThan(0);
    const refusalLines = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"listener":"metrics"'));
    expect(refusalLines.length).toBeGreaterThan(0);
    expect(refusalLines.length).toBeLessThanOrEqual(Math.ceil((performance.now() - attackStarted) / 1_000) + 1);
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it('binds to loopback unless METRICS_HOST says otherwise', async () => {
    const metricsPort = await freePort();
    const server = await startServer({ HOST: '0.0.0.0', METRICS_PORT: String(metricsPort) });
    const listening = readFileSync('/proc/net/tcp', 'utf8') + readFileSync('/proc/net/tcp6', 'utf8');
    const hex = metricsPort.toString(16).toUpperCase().padStart(4, '0');
    // Listening sockets (state 0A) on the metrics port: 0100007F is 127.0.0.1.
    const local = [...listening.matchAll(/^\s*\d+: ([0-9A-F]+):([0-9A-F]{4}) [0-9A-F]+:[0-9A-F]+ 0A /gm)]
      .filter((match) => match[2] === hex)
      .map((match) => match[1]);
    expect(local).toEqual(['0100007F']);
    expect(await server.stop()).toBe(0);
  });

  it('stops the start-up, naming the variables, when the open-files limit cannot hold both listeners', async () => {
    const limit = 64 + METRICS_MAX_CONNECTIONS + FILE_HEADROOM - 1;
    await expect(startServer({ MAX_CONNECTIONS: '64', METRICS_PORT: String(await freePort()) }, { fileLimit: limit })).rejects.toThrow(
      new RegExp(
        `exited with 1[\\s\\S]*MAX_CONNECTIONS \\(64\\) \\+ the metrics listener's ${METRICS_MAX_CONNECTIONS} \\(METRICS_PORT \\d+\\)[\\s\\S]*limit of ${limit} \\(ulimit -n\\)`,
      ),
    );
    // With metrics off, the same limit holds the public listener.
    const server = await startServer({ MAX_CONNECTIONS: '64', METRICS_PORT: '0' }, { fileLimit: limit });
    expect(await server.stop()).toBe(0);
  });
});

describe('a pipelining flood, with the image’s own settings', () => {
  it('keeps resident memory under the memory limit while 64 clients pipeline 2,000 requests each, never reading, then reading slowly', async () => {
    const deployment = parseAllDocuments(
      readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'kubernetes', 'deployment.yaml'), 'utf8'),
    )[0]!.toJS();
    const limitMiB = Number(/^(\d+)Mi$/.exec(deployment.spec.template.spec.containers[0].resources.limits.memory)![1]);
    // The image's ENV (its NODE_OPTIONS among them) and its default MAX_CONNECTIONS, as the container runs it.
    const server = await startServer(imageEnv, { keepOutput: false });
    let peak = rssMiB(server);
    const sampler = setInterval(() => {
      if (server.child.exitCode === null) peak = Math.max(peak, rssMiB(server));
    }, 20);
    const flood = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(2_000);
    // 64 clients, each in a loop: connect, write the flood, deal with what comes, hang up, again.
    const phase = (seconds: number, handle: (socket: Socket) => Promise<unknown>) =>
      reconnectingFlood(server.port, { clients: 64, seconds, flood, handle });
    const neverReading = await phase(8, () => sleep(1_000));
    const neverPeak = peak;
    // A kilobyte every 100 ms, for 2 s a connection.
    const readingSlowly = await phase(12, async (socket) => {
      for (let i = 0; i < 20 && !socket.destroyed; i++) {
        socket.read(1_024);
        await sleep(100);
      }
    });
    clearInterval(sampler);
    console.log(
      `pipelining flood, image settings (${imageEnv.NODE_OPTIONS}): never reading ${neverReading} connections, peak RSS ${neverPeak.toFixed(0)} MiB; reading slowly ${readingSlowly} connections, peak ${peak.toFixed(0)} MiB (limit ${limitMiB} MiB)`,
    );
    expect(server.child.exitCode).toBeNull();
    expect(peak).toBeLessThan(limitMiB);
    expect(await server.stop()).toBe(0);
  }, 90_000);
});
