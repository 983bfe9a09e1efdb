// Development: `npm run dev`. The site at http://127.0.0.1:3000 (PORT), rebuilt
// on every save and reloaded in the browser by itself.
//
// The build is the release build's own esbuild options (scripts/build.ts) held
// in esbuild contexts, so a save recompiles only what changed: the server's own
// code, and the client entry with the stylesheet. What only a release needs is
// left out: minifying, precompressing the assets, the compile cache,
// reproducibility. The icons and the lazily loaded modules are made once, at
// start. Everything goes into dist/dev/, apart from the release's dist/.
//
// The site runs in this process, started by the server's own startSite() with
// NODE_ENV=development (compressed at the quickest levels, server/prepared.ts),
// every page rendered at its start as in a release. After each build the new
// server code is imported afresh and a new site started from it; the old one is
// closed. Dependencies are left out of that bundle, so they are loaded once, not
// on every save. The open pages are told to reload by this script, not by the
// server: it listens on PORT itself and passes every request on to the site,
// adding to each HTML page one small script (allowed by its hash in that page's
// Content-Security-Policy) that listens for its events. The site's pages and
// headers are the production ones. While the build is broken, pages are
// answered with the error, and the last good site serves everything else.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// React picks its build by NODE_ENV when it is first loaded: the release's,
// which the release bundle fixes at build time (the development build renders
// about 5x slower). Set before anything loads React; the site's own
// configuration is given NODE_ENV=development below.
process.env.NODE_ENV = 'production';
const { buildLazyModules, clientOptionsWith, copyPublic, dist, hashAnimations, outputUrl, root, serverOptions, writeIcons } =
  await import('./build.js');
type SiteModule = typeof import('./dev-site.js');

const devDist = join(dist, 'dev');
const publicDir = join(devDist, 'public');
const assetsDir = join(publicDir, 'assets');
const siteBundle = join(devDist, 'server', 'site.js');
const watchedFolders = ['client', 'server', 'shared', 'public'];
/** Saves within this long of each other (an editor writing a file in steps, a branch switch) make one rebuild. */
const SETTLE_MS = 20;
const EVENTS_PATH = '/__dev/events';

// ---- The live reload: what every page gets, and the events it listens to.

/** The current build's number: a page served by an older one reloads. */
let version = 0;
const listeners = new Set<ServerResponse>();

// The build a page was served by is in its script element's data-version, so
// that the script's text (and so its hash) is always the same. A page that
// connects after a rebuild it missed reloads at once.
const reloadScript =
  "const served = document.currentScript.dataset.version; new EventSource('" +
  EVENTS_PATH +
  "').onmessage = (event) => { if (event.data !== served) location.reload(); };";
const reloadScriptHash = `'sha256-${createHash('sha256').update(reloadScript).digest('base64')}'`;

const reloadTag = () => `<script data-version="${version}">${reloadScript}</script>`;

function openEvents(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  // retry: how soon the browser reconnects after this script restarts.
  res.write(`retry: 200\ndata: ${version}\n\n`);
  listeners.add(res);
  res.once('close', () => listeners.delete(res));
}

function announce(): void {
  version += 1;
  for (const res of listeners) res.write(`data: ${version}\n\n`);
}

/** The page's Content-Security-Policy with the reload script allowed by its hash. */
const allowReloadScript = (policy: string) => policy.replace(/(^|;\s*)script-src /, `$1script-src ${reloadScriptHash} `);

// ---- The site: the last one that started, and the error while the build is broken.

let running: Awaited<ReturnType<SiteModule['startSite']>> | undefined;
let failure: string | undefined;
const siteEnv = { LOG_LEVEL: 'debug', ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0' };
let logger: ReturnType<SiteModule['createLogger']> | undefined;
let builds = 0;

/** Imports the server code just built (a new module: the URL differs) and starts a site from it. */
async function startSite(): Promise<NonNullable<typeof running>> {
  builds += 1;
  const site = (await import(`${pathToFileURL(siteBundle).href}?build=${builds}`)) as SiteModule;
  const config = site.loadConfig(siteEnv);
  // One logger for every site: its pretty-printing runs in a worker thread.
  logger ??= site.createLogger(config);
  return site.startSite(config, logger, devDist);
}

function stopSite(site: NonNullable<typeof running>): void {
  site.server.close();
  site.server.closeAllConnections();
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendFailure(res: ServerResponse, message: string): void {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Build failed</title>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem; background: #fff4f4; color: #3b0a0a">
<h1>Build failed</h1><p>Fix the file and save: this page reloads once the site builds again.</p>
<pre id="dev-build-error" style="white-space: pre-wrap; background: #fff; padding: 1rem; border: 1px solid #e0a0a0">${escapeHtml(message)}</pre>
${reloadTag()}</body></html>`;
  res.writeHead(500, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; script-src ${reloadScriptHash}; style-src 'unsafe-inline'; connect-src 'self'`,
  });
  res.end(body);
}

/** Passes a request on to the site; an HTML page comes back with the reload script. */
function forward(req: IncomingMessage, res: ServerResponse, port: number): void {
  // Uncompressed, so that the script can be added to the page.
  const headers = { ...req.headers, 'accept-encoding': 'identity' };
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (response) => {
    if (!response.headers['content-type']?.startsWith('text/html')) {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
      return;
    }
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      const body = Buffer.concat(chunks).toString().replace('</body>', `${reloadTag()}</body>`);
      const policy = response.headers['content-security-policy'];
      res.writeHead(response.statusCode ?? 502, {
        ...response.headers,
        ...(typeof policy === 'string' ? { 'content-security-policy': allowReloadScript(policy) } : {}),
        // A HEAD has no body to measure: its length is the page's, script included.
        'content-length':
          req.method === 'HEAD' ? Number(response.headers['content-length']) + Buffer.byteLength(reloadTag()) : Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) sendFailure(res, `The site did not answer: ${error.message}`);
    else res.destroy();
  });
  req.pipe(upstream);
}

const wantsPage = (req: IncomingMessage) => req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

const front = createServer((req, res) => {
  if (req.url === EVENTS_PATH) openEvents(res);
  else if (failure && (wantsPage(req) || !running)) sendFailure(res, failure);
  else if (!running) sendFailure(res, 'The site is starting: this page reloads when it is ready.');
  else forward(req, res, running.port);
});

// ---- The build.

/** Old hashed outputs removed, so that the site holds only the current build's files. */
function removeOutputsOtherThan(metafile: esbuild.Metafile): void {
  const current = new Set(Object.keys(metafile.outputs).map((file) => join(root, file)));
  for (const entry of readdirSync(assetsDir, { withFileTypes: true })) {
    const path = join(assetsDir, entry.name);
    if (entry.isFile() && !current.has(path)) rmSync(path);
  }
}

/** What went wrong, as the terminal and the page show it: esbuild's messages with file, line and code. */
function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    return esbuild.formatMessagesSync(error.errors as esbuild.Message[], { kind: 'error', color: false }).join('\n');
  }
  if (error instanceof Error)
    return [error.stack ?? error.message, error.cause instanceof Error ? `Caused by ${error.cause.stack}` : ''].join('\n');
  return String(error);
}

rmSync(devDist, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });
copyPublic(publicDir);
let animations = hashAnimations(assetsDir);
writeIcons(publicDir);
const lazyModules = await buildLazyModules(assetsDir);

// Errors are reported once, by describe(), in the terminal and the page.
const quiet = { logLevel: 'silent' } as const;
const siteBuild = await esbuild.context({
  ...serverOptions,
  ...quiet,
  entryPoints: ['scripts/dev-site.ts'],
  outfile: siteBundle,
  packages: 'external',
  minify: false,
  legalComments: 'none',
});
const clientBuild = await esbuild.context({ ...clientOptionsWith(lazyModules), ...quiet, outdir: assetsDir, minify: false });

/** One rebuild: public/ copied again if it changed, both bundles (each only what changed), then a new site. */
async function rebuild(publicChanged: boolean): Promise<void> {
  const started = performance.now();
  try {
    if (publicChanged) {
      copyPublic(publicDir);
      animations = hashAnimations(assetsDir);
    }
    const [client] = await Promise.all([clientBuild.rebuild(), siteBuild.rebuild()]);
    const metafile = client.metafile!;
    removeOutputsOtherThan(metafile);
    const manifest = {
      script: outputUrl(metafile, 'client/entry.tsx', publicDir),
      stylesheet: outputUrl(metafile, 'shared/styles/site.css', publicDir),
      animations,
      builtAt: new Date().toISOString(),
      buildId: String(Date.now()),
    };
    writeFileSync(join(devDist, 'manifest.json'), JSON.stringify(manifest));
    const built = performance.now();
    const previous = running;
    running = await startSite();
    if (previous) stopSite(previous);
    console.log(`rebuilt in ${Math.round(built - started)} ms, site ready in ${Math.round(performance.now() - built)} ms`);
  } catch (error) {
    failure = describe(error);
    console.error(`build failed (the last good site keeps running; pages show this error until a save fixes it):\n${failure}`);
    announce();
    return;
  }
  failure = undefined;
  announce();
}

let building = Promise.resolve();
let pending: NodeJS.Timeout | undefined;
let publicChanged = false;

function schedule(folder: string): void {
  publicChanged ||= folder === 'public';
  clearTimeout(pending);
  pending = setTimeout(() => {
    const withPublic = publicChanged;
    publicChanged = false;
    building = building.then(() => rebuild(withPublic));
  }, SETTLE_MS);
}

for (const folder of watchedFolders) watch(join(root, folder), { recursive: true }, () => schedule(folder));

await new Promise<void>((resolve) => front.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', resolve));
console.log(
  `development site on http://127.0.0.1:${(front.address() as AddressInfo).port}/, rebuilt on every change in ${watchedFolders.join('/, ')}/`,
);
building = rebuild(false);
