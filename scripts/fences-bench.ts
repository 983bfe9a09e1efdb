// npm run fences-bench [-- --rounds=N]
// What each of the four reaches into a library's internals buys, measured in one
// run against the library's public API on this machine (docs/decisions/016-019):
// the access line made by lineWriter against pino's logger.info, the security
// headers in a prepared answer's list against helmet run per response, and React
// DOM's client bundled as an ES module against esbuild's CommonJS wrapper (its
// import in Chromium); and what the request histogram's observe() costs.
// Rounds alternate the two ways; in Node each is timed in the thread's CPU time,
// so that other processes on a busy machine weigh less. Each figure is the
// median round, then the fastest (the least disturbed), and the ratio is public
// API ÷ trick (above 1: the trick is faster).
import * as esbuild from 'esbuild';
import helmet from 'helmet';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Registry } from 'prom-client';
import { loadConfig } from '../server/config.js';
import { createLogger, lineWriter } from '../server/logger.js';
import { IncomingMessage, ServerResponse } from '../server/node-http.js';
import { RequestHistogram } from '../server/request-histogram.js';
import { helmetOptions, pageInlineCode, securityHeaderList } from '../server/security.js';
import { chromiumFlags, CHROMIUM } from '../test/support/browser.js';
import { root } from './build.js';
import { reactDomClientAsModule, reactDomClientFile } from './react-dom-module.js';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 11);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cpuNs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) * 1000;
};

interface Figures {
  median: number;
  fastest: number;
}
const figures = (values: number[]): Figures => ({ median: median(values), fastest: Math.min(...values) });

type Way = 'trick' | 'public' | 'baseline';

/**
 * Nanoseconds per call of each way, alternated round by round, less the
 * baseline's (what both ways do besides, such as making a response).
 */
function alternate(ways: Record<'trick' | 'public', (i: number) => void> & { baseline?: (i: number) => void }, calls: number) {
  const order = Object.keys(ways) as Way[];
  const times: Record<string, number[]> = Object.fromEntries(order.map((way) => [way, []]));
  for (const way of order) for (let i = 0; i < calls / 10; i++) ways[way]!(i); // warm up
  for (let round = 0; round < rounds; round++) {
    for (const way of round % 2 ? [...order].reverse() : order) {
      const started = cpuNs();
      for (let i = 0; i < calls; i++) ways[way]!(i);
      times[way]!.push((cpuNs() - started) / calls);
    }
  }
  const less = (way: Way): Figures => {
    const base = ways.baseline ? figures(times.baseline!) : { median: 0, fastest: 0 };
    const own = figures(times[way]!);
    return { median: own.median - base.median, fastest: own.fastest - base.fastest };
  };
  return { trick: less('trick'), public: less('public') };
}

function report(what: string, unit: string, { trick, public: api }: Record<'trick' | 'public', Figures>) {
  const one = (key: keyof Figures) =>
    `${key}: trick ${trick[key].toFixed(0)} ${unit}, public API ${api[key].toFixed(0)} ${unit}, ratio ${(api[key] / trick[key]).toFixed(2)}×`;
  console.log(`${what}\n  ${one('median')}\n  ${one('fastest')}`);
}

// 016: the access line, to /dev/null through the production destination.
{
  const logger = createLogger({ logLevel: 'info', env: 'production' }, '/dev/null');
  const write = lineWriter(logger);
  const path = '/services/shared-hosting';
  report(
    'access line (ns a line)',
    'ns',
    alternate(
      {
        trick: (i) =>
          write(
            'info',
            `,"requestId":"r${i}","method":"GET","path":${JSON.stringify(path)},"status":200,"durationMs":${Math.round(i * 1e-1) / 100},"bytes":13000,"ip":${JSON.stringify('127.0.0.1')},"msg":"request"`,
          ),
        public: (i) =>
          logger.info(
            { requestId: `r${i}`, method: 'GET', path, status: 200, durationMs: Math.round(i * 1e-1) / 100, bytes: 13000, ip: '127.0.0.1' },
            'request',
          ),
      },
      200_000,
    ),
  );
}

// 017: the request histogram, one observation per request, now through
// prom-client's public observe() (the record says what the override saved).
{
  const buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
  const histogram = new RequestHistogram({ name: 'request_seconds', help: 'x', buckets, registry: new Registry() });
  const routes = ['home', 'shared-hosting', 'contact', 'not-found'];
  const { public: observe } = alternate(
    { trick: () => undefined, public: (i) => histogram.record('GET', routes[i % 4]!, 200, 0.0004) },
    500_000,
  );
  console.log(
    `request histogram, observe() (ns an observation)\n  median ${observe.median.toFixed(0)} ns, fastest ${observe.fastest.toFixed(0)} ns`,
  );
}

// 018: the security headers on a prepared answer: in its precomputed flat header
// list, written by one writeHead, against helmet run on the response first.
{
  const { site } = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const options = { site, hstsPreload: false, inline: pageInlineCode(site, { script: '/assets/entry-X.js' }, 'body{margin:0}') };
  const own = ['X-Request-Id', 'r1', 'Content-Type', 'text/html; charset=utf-8', 'Content-Length', '13000', 'ETag', '"abc"'];
  const prepared = [...own, ...securityHeaderList(options).flat()];
  const middleware = helmet(helmetOptions(options));
  const req = new IncomingMessage(new Socket());
  report(
    'security headers (ns a response)',
    'ns',
    alternate(
      {
        baseline: () => new ServerResponse(req).writeHead(200, own),
        trick: () => new ServerResponse(req).writeHead(200, prepared),
        public: () => {
          const res = new ServerResponse(req);
          middleware(req, res, () => undefined);
          res.writeHead(200, own);
        },
      },
      100_000,
    ),
  );
}

// 019: React DOM's client, evaluated in Chromium (the site's client entry, built both ways).
{
  const bundle = async (asModule: boolean) => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [join(root, 'client', 'entry.tsx')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      jsx: 'automatic',
      external: ['./pages/*', '/lottie.js', '/search.js', '/consent.js'],
      define: {
        'process.env.NODE_ENV': '"production"',
        LOTTIE_PLAYER_URL: '"/lottie.js"',
        SEARCH_ENGINE_URL: '"/search.js"',
        CONSENT_BAR_URL: '"/consent.js"',
      },
      plugins: asModule ? [reactDomClientAsModule(reactDomClientFile(root))] : [],
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  };
  const scripts = { trick: await bundle(true), public: await bundle(false) };
  const server = createServer((req, res) => {
    const way = req.url === '/trick.js' ? 'trick' : req.url === '/public.js' ? 'public' : undefined;
    if (way) res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(scripts[way]);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>x</title><main id="main"></main>');
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumFlags });
  const times = { trick: [] as number[], public: [] as number[] };
  for (let round = 0; round < rounds * 2; round++) {
    for (const way of round % 2 ? (['public', 'trick'] as const) : (['trick', 'public'] as const)) {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      // The script's whole task: fetched from loopback, compiled and evaluated.
      times[way].push(
        await page.evaluate(async (url) => {
          const started = performance.now();
          await import(url);
          return performance.now() - started;
        }, `${origin}/${way}.js`),
      );
      await page.close();
    }
  }
  await browser.close();
  server.close();
  const sizes = `${(scripts.trick.length / 1000).toFixed(1)} KB against ${(scripts.public.length / 1000).toFixed(1)} KB`;
  report(`React DOM client, import() of the client entry in Chromium (${sizes}), wall time`, 'µs', {
    trick: figures(times.trick.map((ms) => ms * 1000)),
    public: figures(times.public.map((ms) => ms * 1000)),
  });
}
