// npm run bench [-- --cold] [-- --duration=S] [-- --rounds=N] [-- --load]
// Starts the production server and two reference servers on loopback, and
// measures them with autocannon, interleaved, over the same pages:
// requests/s, p50/p99 latency, errors and non-2xx answers, the site's ratio to
// each reference, and the site's memory after each round. --cold turns the page
// cache off (every request rendered). --load adds the 200-connection load test
// with a slow-headers client held open. A second site server with the access
// log off (LOG_LEVEL=warn) measures what the log line costs, as a ratio.
// Builds nothing: run npm run build first.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSocket } from '../test/support/raw-http.js';
import { startServer } from '../test/support/server.js';
import { root } from './build.js';
import { freePort } from './lighthouse-gate.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const cold = process.argv.includes('--cold');
const withLoadTest = process.argv.includes('--load');
const duration = arg('duration', 2);
const rounds = arg('rounds', 3);
const CONNECTIONS = 50;
const paths = ['/', '/services/shared-hosting', '/terms', '/no-such-page'];

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  unexpected: number;
}

async function measure(url: string, expectedStatus: number, connections = CONNECTIONS, seconds = duration): Promise<Sample> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  const unexpected = Object.entries(result.statusCodeStats ?? {}).reduce((sum, [code, stat]) => sum + (Number(code) === expectedStatus ? 0 : (stat as { count: number }).count), 0);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, unexpected };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024);
}

function startBaseline(kind: 'express' | 'node', bodiesFile: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench-baseline.ts'), kind, bodiesFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk) => resolve({ url: `http://127.0.0.1:${JSON.parse(String(chunk)).port}`, child }));
    child.once('exit', (code) => reject(new Error(`${kind} baseline exited with ${code}`)));
  });
}

// More connections than the default MAX_CONNECTIONS (sized to a 512 Mi pod) for the 200-connection load test.
const siteEnv = { PAGE_CACHE: cold ? 'false' : 'true', MAX_CONNECTIONS: '400' };
const site = await startServer({ ...siteEnv, LOG_LEVEL: 'info' }, { keepOutput: false });
const quietSite = await startServer({ ...siteEnv, LOG_LEVEL: 'warn', PORT: String(await freePort()) }, { keepOutput: false });
const startupMs = JSON.parse(site.stdout().trim().split('\n')[0]!).startupMs as number;

// The references answer exactly what the site answered (identity encoding, as autocannon asks).
const recorded: Record<string, { status: number; contentType: string; body: string }> = {};
for (const path of paths) {
  const res = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  recorded[path === '/no-such-page' ? '*' : path] = { status: res.status, contentType: res.headers.get('content-type')!, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}
const bodiesFile = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bodies.json');
writeFileSync(bodiesFile, JSON.stringify(recorded));
const express = await startBaseline('express', bodiesFile);
const node = await startBaseline('node', bodiesFile);

const targets = { site: site.url, quiet: quietSite.url, express: express.url, node: node.url } as const;
const samples: Record<keyof typeof targets, Record<string, Sample[]>> = { site: {}, quiet: {}, express: {}, node: {} };
const rss: number[] = [];

for (const path of paths) for (const url of Object.values(targets)) await measure(`${url}${path}`, path === '/no-such-page' ? 404 : 200, 10, 1); // warm-up
for (let round = 0; round < rounds; round++) {
  for (const path of paths) {
    for (const [name, url] of Object.entries(targets) as [keyof typeof targets, string][]) {
      (samples[name][path] ??= []).push(await measure(`${url}${path}`, path === '/no-such-page' ? 404 : 200));
    }
  }
  rss.push(rssMb(site.child.pid!));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
console.log(`\nSite server ${cold ? 'with the page cache OFF (every request rendered)' : 'with the page cache on'}, ${CONNECTIONS} connections, ${rounds} rounds of ${duration} s per page and server, medians:\n`);
console.log('| Page | Site req/s | Express req/s | node:http req/s | Site / Express | Site / node:http | Site p50 | Site p99 | Errors | Unexpected status |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const path of paths) {
  const s = samples.site[path]!;
  const [siteRps, expressRps, nodeRps] = [s, samples.express[path]!, samples.node[path]!].map((x) => median(x.map((v) => v.rps)));
  console.log(
    `| \`${path}\` | ${Math.round(siteRps!)} | ${Math.round(expressRps!)} | ${Math.round(nodeRps!)} | ${(siteRps! / expressRps!).toFixed(2)}× | ${(siteRps! / nodeRps!).toFixed(2)}× | ${median(s.map((v) => v.p50))} ms | ${median(s.map((v) => v.p99))} ms | ${sum(s.map((v) => v.errors))} | ${sum(s.map((v) => v.unexpected))} |`,
  );
}
const logCost = paths.map((path) => median(samples.site[path]!.map((v) => v.rps)) / median(samples.quiet[path]!.map((v) => v.rps)));
console.log(`\nAccess log cost: site ÷ the same site without access lines (LOG_LEVEL=warn): ${logCost.map((r) => `${r.toFixed(2)}×`).join(', ')} (${paths.join(', ')}).`);
const growth = rss.slice(1).map((value, i) => value / rss[i]! - 1);
console.log(`\nSite RSS after each round: ${rss.map((v) => `${v} MB`).join(', ')} (largest round-on-round growth ${(Math.max(0, ...growth) * 100).toFixed(1)}%). Start-up to ready: ${startupMs} ms.`);

if (withLoadTest) {
  // 200 connections for 30 s while a client trickles its headers on another connection.
  const trickler = await openSocket(site.port);
  trickler.on('error', () => undefined);
  trickler.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const trickle = setInterval(() => trickler.write('X-Slow: 1\r\n'), 1000);
  const loadSeconds = arg('load-seconds', 30);
  const load = await autocannon({ url: `${site.url}/`, connections: 200, duration: loadSeconds });
  clearInterval(trickle);
  trickler.destroy();
  const non2xx = load.non2xx;
  console.log(`\nLoad test: 200 connections for ${loadSeconds} s on / with a slow-headers client held open: ${Math.round(load.requests.average)} req/s, p99 ${load.latency.p99} ms, ${load.errors + load.timeouts} errors, ${non2xx} non-2xx.`);
  if (load.errors + load.timeouts + non2xx > 0) process.exitCode = 1;
}

for (const child of [express.child, node.child]) child.kill();
await quietSite.stop();
await site.stop();
